# Stage 4's dialogue: a short exchange as Hayate races in, a line as she
# flies off beaten, and the scenes before and after Ikazuchi, different for
# each ship (Hotaru, Shirasagi, and the `else`: Tsubame). The stage runs these
# patterns where the scenes fall (stage4.pat).

# Hayate comes up beside the player, grinning: a race.
pattern s4_talk_hayate {
    say s4_hayate smile "Oh? Somebody flying up through my storm? Race you to the top!"
    if ship == hotaru {
        say hotaru smile "A race? You're on! Loser buys the festival dumplings!"
    } else if ship == shirasagi {
        say shirasagi "I did not come here to race. ...But I will not lose, either."
    } else {
        say tsubame smile "Race a courier? You picked the wrong bird."
    }
    say s4_hayate "Then catch me if you can!"
}

# Hayate, beaten, flies off ahead.
pattern s4_talk_hayate_after {
    say s4_hayate surprised "Wh-what? Nobody keeps up with me! Ikazuchi's going to be so loud about this..."
}

# Before Ikazuchi: she is loud and glad of a fight; she keeps the storm up
# because she was paid to, in starlight, so that no one flies higher.
pattern s4_talk_ikazuchi {
    say s4_ikazuchi smile "HA! Another one made it through the rain! Hayate said you were quick."
    if ship == hotaru {
        say hotaru surprised "So you're the one banging the drums all night! My ears are still ringing!"
        say s4_ikazuchi smile "Ringing's good! Means you're alive! But the storm stays. Those are the rules."
        say hotaru "Whose rules? The festival can't end without a dawn, and the dawn's stuck up there!"
        say s4_ikazuchi "Not my business, firefly. I got paid to keep it thundering, so nobody flies higher."
        say hotaru smile "Then I'll just fly right through you. I've got lanterns to get home to!"
        say s4_ikazuchi angry "Through ME? Oh, I like you. Let's make some noise!"
    } else if ship == shirasagi {
        say shirasagi "You are the drummer who keeps this storm. Your rhythm is... enthusiastic."
        say s4_ikazuchi smile "Enthusiastic! I'm putting that on a banner."
        say shirasagi "The dawn is caught somewhere above these clouds. Please step aside."
        say s4_ikazuchi "Can't. I was paid in starlight, a whole jar of it, to see that nobody gets higher."
        say shirasagi smile "Then I am afraid you were underpaid."
        say s4_ikazuchi angry "Ooh, cold! Like rain down the collar. Come on then, heron!"
    } else {
        say tsubame "So you're the racket I've heard since the spire. Move. I'm in a hurry."
        say s4_ikazuchi smile "Everybody's in a hurry! That's why there's a storm. Nobody gets higher tonight."
        say tsubame surprised "Says who?"
        say s4_ikazuchi "Says the jar of starlight I got paid with! A deal's a deal."
        say tsubame smile "I've flown through worse weather than you for a parcel of rice cakes."
        say s4_ikazuchi angry "Worse weather than ME? Now you've done it. Drums, everybody!"
    }
}

# After Ikazuchi: she laughs it off and tells who paid her: the weaver of
# the Star Loom, above the clouds (stage 5).
pattern s4_talk_ikazuchi_after {
    say s4_ikazuchi smile "Whew! Haven't had a fight like that in a thousand storms!"
    if ship == hotaru {
        say hotaru smile "Told you! Now, who paid you all that starlight?"
        say s4_ikazuchi "Somebody up past the clouds, where they weave the sky. Fancy folk. Real fussy about the night."
        say hotaru "Then that's where I'm going. Thanks, drummer!"
        say s4_ikazuchi smile "Go on, then! I'll drum you a send-off!"
    } else if ship == shirasagi {
        say shirasagi "The storm is thinning. Who paid you, Ikazuchi?"
        say s4_ikazuchi "The weaver at the Star Loom, past the clouds. She said the night must stay shut, whatever it took."
        say shirasagi smile "Then I will ask her why. Keep the rain gentle, if you can."
        say s4_ikazuchi smile "Gentle! Ha! ...Fine. Just for you, heron."
    } else {
        say tsubame "Done. Who's paying you? I'll deliver a complaint."
        say s4_ikazuchi "The weaver up at the Star Loom. Follow the threads of light, you can't miss them."
        say tsubame smile "Right. Try not to wake the whole sky while I'm gone."
        say s4_ikazuchi smile "No promises!"
    }
    say "The thunder falls quiet. Above the thinning clouds, threads of starlight glitter."
}
