# Stage 2's scenes (docs/patterns.md, Scenes): before and after Suiren and
# Minamo, different for each pilot. The `else` is Tsubame's.

scene s2_suiren_before before s2_suiren {
    say suiren "Mmh... who's splashing about...? It's night. Everyone should be asleep..."
    if ship == hotaru {
        say hotaru surprised "Asleep?! The festival's on! Well... it was."
        say suiren smile "Then dream of it... forever and ever..."
    } else if ship == shirasagi {
        say shirasagi "A lotus that should have closed at dusk. You are up late."
        say suiren "Lotuses open at dawn... so I'm waiting... and waiting... zzz..."
    } else {
        say tsubame "Wake up. Who runs this lake?"
        say suiren angry "Too loud... go to sleep..."
    }
}

scene s2_suiren_after after s2_suiren {
    say suiren smile "...mm. Minamo loves the night... ask her... goodnight..."
}

scene s2_minamo_before before s2_minamo {
    say minamo smile "Look at me! The moon upon the water, and tonight it never has to set."
    if ship == hotaru {
        say hotaru "You're really pretty, but the festival needs its morning! Is this your doing?"
        say minamo "Mine? I only enjoy it. Someone up high gave me the longest night of my life."
        say minamo smile "Shall I thank them by keeping you here with me?"
    } else if ship == shirasagi {
        say shirasagi "You admire your own reflection a great deal."
        say minamo angry "And why not? Without a dawn it never fades!"
        say shirasagi "Everything fades. That is what makes it lovely."
    } else {
        say tsubame "You're in the way up."
        say minamo smile "Oh, a swallow! Swallows fly at dawn. There's no dawn tonight, little bird."
        say tsubame angry "Then I'll fly without one."
    }
}

scene s2_minamo_after after s2_minamo {
    say minamo surprised "My reflection... rippled! Fine, fine. Ask the clock on the spire."
    say minamo "It struck dawn, you know. The dawn just never came."
    if ship == hotaru {
        say hotaru surprised "The clock struck dawn? Then where did the morning go?"
    } else if ship == shirasagi {
        say shirasagi "A dawn that strikes but does not arrive. Curious."
    } else {
        say tsubame "Spire. Got it."
    }
}
