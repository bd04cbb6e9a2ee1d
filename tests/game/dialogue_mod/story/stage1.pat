# This mod's stage 1 is its own, with its own lines: the game's scenes for
# stage 1 (patterns/story/stage1.pat, replaced here by this file) stay out.
