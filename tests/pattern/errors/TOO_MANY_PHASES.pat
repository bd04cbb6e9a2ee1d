# expect: 20:5: boss 'many' has more than 16 phases
boss many {
    name "Many"
    phase time 60 { wait 1 }
    phase time 60 { wait 1 }
    phase time 60 { wait 1 }
    phase time 60 { wait 1 }
    phase time 60 { wait 1 }
    phase time 60 { wait 1 }
    phase time 60 { wait 1 }
    phase time 60 { wait 1 }
    phase time 60 { wait 1 }
    phase time 60 { wait 1 }
    phase time 60 { wait 1 }
    phase time 60 { wait 1 }
    phase time 60 { wait 1 }
    phase time 60 { wait 1 }
    phase time 60 { wait 1 }
    phase time 60 { wait 1 }
    phase time 60 { wait 1 }
}
