" curtain pattern files
autocmd BufRead,BufNewFile *.pat setfiletype curtainpat
