# Stage 6's scenes: before and after Tobari (the ships' lines come with the
# ships' characters).

pattern s6_before_tobari {
    say s6_tobari "So you climbed all the way to the Moon Gate."
}

pattern s6_after_tobari {
    say s6_tobari sad "Then let the dawn come."
}
