" Vim and Neovim syntax for curtain pattern files (.pat): docs/patterns.md.
" Made from src/pattern/language/words.h by tools/words/words_gen.c: do not edit. The
" test tools.editor_grammar checks the keywords against the language.
if exists("b:current_syntax")
  finish
endif

syntax keyword curtainDeclaration art backdrop boss bulletml character const enemy function game item pattern phase scene shared ship stage
syntax keyword curtainControl as break bullets continue else for if in lasers loop near repeat return shots until wait while
syntax keyword curtainOperatorWord and not or
syntax keyword curtainClause accel additive after aim alpha arc at bad before by collect curvy ending follow from good length life linear out over radius ring run scale scaled_hitbox smooth speed spin spread stack straight to velocity warn width
syntax keyword curtainStatement background clear collect_line cutin damage drop drops effect fire flash health hitbox laser look midboss move music on pierce print say score shake sound spawn stop thread tint title turn vanish var
syntax keyword curtainProperty about alive bomb bomb_piece bonus cancel colour count every extra fade fill focus_speed focused frame frames gives gradient graze interval layer life_piece name once option option_look portrait rotate scroll shape shot spell spell_background stages tile turns type upright
syntax keyword curtainShape amulet arrow bubble drop kunai orb orb_large orb_small rice star star_large
syntax keyword curtainColour blue cyan green orange purple red white yellow
syntax keyword curtainBuiltin boss_active by_bomb by_shot by_time center_x difficulty down enemies heading height killer last last_speed left player_bomb_pieces player_bombs player_focused player_graze player_life_pieces player_lives player_power player_score player_x player_y rand rank right shot_type talking time up vx vy x y
syntax match curtainFunction "\<\(angle\|atan2\|clamp\|floor\|level\|round\|ceil\|lerp\|rand\|sign\|sqrt\|abs\|cos\|exp\|log\|max\|min\|pow\|sin\|tan\)\ze\s*("
syntax match curtainNumber "\<\d\+\(\.\d*\)\=s\=\>"
syntax match curtainNumber "\.\d\+s\=\>"
syntax region curtainString start=+"+ skip=+\\.+ end=+"\|$+ oneline
syntax match curtainComment "#.*$"

highlight default link curtainDeclaration Structure
highlight default link curtainControl Conditional
highlight default link curtainOperatorWord Operator
highlight default link curtainClause Keyword
highlight default link curtainStatement Statement
highlight default link curtainProperty Keyword
highlight default link curtainFunction Function
highlight default link curtainBuiltin Identifier
highlight default link curtainShape Type
highlight default link curtainColour Constant
highlight default link curtainNumber Number
highlight default link curtainString String
highlight default link curtainComment Comment

let b:current_syntax = "curtainpat"
