# expect: 2:1: boss 'b' has no phases
boss b {
    name "B"
}
