" Vim and Neovim syntax for curtain pattern files (.pat): docs/patterns.md.
" Made from src/pattern/language/words.h by tools/words/words_gen.c: do not edit. The
" test tools.editor_grammar checks the keywords against the language.
if exists("b:current_syntax")
  finish
endif

syntax keyword curtainDeclaration art backdrop boss bulletml character const enemy function game pattern phase scene shared ship stage
syntax keyword curtainControl as break continue else for if in loop repeat return until wait while
syntax keyword curtainOperatorWord and not or
syntax keyword curtainClause accel additive after aim alpha arc at bad before by ending follow from good length life linear out over radius ring run scale scaled_hitbox smooth speed spin spread stack to velocity warn width
syntax keyword curtainStatement background clear cutin damage drops effect fire flash health hitbox laser look midboss move music on pierce print say score shake sound spawn stop thread tint title turn vanish var
syntax keyword curtainProperty bonus colour every extra fade fill frame frames gradient layer name once option_look portrait rotate scroll shape spell spell_background stages tile type upright
syntax keyword curtainShape amulet arrow bubble drop kunai orb orb_large orb_small rice star star_large
syntax keyword curtainColour blue cyan green orange purple red white yellow
syntax keyword curtainBuiltin abs angle atan2 boss_active ceil center_x clamp cos down enemies floor heading height last last_speed left lerp level max min player_x player_y rand rank right round sign sin sqrt talking time up vx vy x y
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
highlight default link curtainBuiltin Identifier
highlight default link curtainShape Type
highlight default link curtainColour Constant
highlight default link curtainNumber Number
highlight default link curtainString String
highlight default link curtainComment Comment

let b:current_syntax = "curtainpat"
