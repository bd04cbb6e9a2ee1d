# expect: 3:11: unknown gift 'scroe' (did you mean 'score'?)
item gem {
    gives scroe 500
}
