# Stage 1's scenes (docs/patterns.md, Scenes): the prologue before the stage,
# and the talk before and after Wick and Kagari, different for each pilot.
# The `else` is Tsubame's (and any other ship's).

scene s1_prologue before stage1 {
    say "Every night the lantern town of Yomigawa hangs a curtain of light across its sky."
    say "And every dawn, the curtain is drawn back."
    say "Tonight the dawn did not come. The curtain stays closed, and the night goes on."
    if ship == hotaru {
        say hotaru surprised "Huh? The festival's still going? It should've ended hours ago!"
        say hotaru smile "Not that I mind! ...But the lanterns are burning low."
        say hotaru angry "Somebody's holding the night shut. I'm going to go ask them nicely. Probably!"
    } else if ship == shirasagi {
        say shirasagi "The shrine bell has rung the hour of dawn three times. The sky did not listen."
        say shirasagi "Someone holds the curtain shut. I shall go and ask them why."
        say shirasagi smile "Politely, with the first arrow."
    } else {
        say tsubame angry "I've got a letter due at sunrise. No sunrise, no delivery."
        say tsubame "Whoever's holding that curtain shut is making me late."
        say tsubame smile "Bad idea. Nobody makes me late."
    }
}

scene s1_wick_before before s1_wick {
    say wick smile "Ooh, a visitor! Did you come for the festival? Stay! It never, ever ends now!"
    if ship == hotaru {
        say hotaru surprised "A lantern that talks! Hey, do you know who's keeping the curtain shut?"
        say wick smile "Maybe! Catch me and I'll tell you. Maybe!"
        say hotaru smile "You're on!"
    } else if ship == shirasagi {
        say shirasagi "A lantern spirit, out of her paper. Go home before you set the town alight."
        say wick angry "Boring! Play with me, white bird!"
    } else {
        say tsubame "Out of my way, little candle."
        say wick angry "Candle?! I'm a LANTERN! I'll singe your tail feathers!"
    }
}

scene s1_wick_after after s1_wick {
    say wick surprised "Waah! My wick's all scorched! Go bother Kagari, she's the grumpy one!"
}

scene s1_kagari_before before s1_kagari {
    say kagari "Halt. Beyond this gate the curtain hangs, and I am its keeper."
    if ship == hotaru {
        say hotaru "Then you're the one keeping it shut! Please open it, the lanterns are nearly out!"
        say kagari "I keep the curtain. I do not choose when it opens. It was ordered shut from above."
        say hotaru angry "From above? Then let me through, and I'll go ask above myself!"
        say kagari smile "Bold. Show me you are more than words, festival girl."
    } else if ship == shirasagi {
        say shirasagi "Keeper. The dawn is late, and the shrine would like an explanation."
        say kagari "The shrine must ask higher. The curtain was ordered shut from above."
        say shirasagi "Then I shall go higher. Kindly step aside."
        say kagari angry "No one passes the curtain while I keep it. Not even the shrine."
    } else {
        say tsubame angry "You. Open the curtain. I'm in a hurry."
        say kagari angry "You speak to the Keeper of the Curtain, child."
        say tsubame "And you're talking to the fastest courier in Yomigawa. Move."
        say kagari smile "It was ordered shut from above. Ask them, if you get past me."
    }
}

scene s1_kagari_after after s1_kagari {
    say kagari surprised "Impossible... I only keep the curtain. The order came from higher up."
    say kagari "Past the lake, past the spire. Go, if you must."
    if ship == hotaru {
        say hotaru smile "Thanks! I'll tell them you said hi!"
    } else if ship == shirasagi {
        say shirasagi smile "Thank you for your candour, Keeper."
    } else {
        say tsubame "Should've said that first."
    }
}
