# The endings (docs/patterns.md, Scenes): played after the game's last stage is
# cleared (the last of `game`'s stages, whichever it is), the good one by a run
# without continues, the bad one by a run that used any. Each pilot has her own.

scene ending_good ending good {
    say "The last thread of the curtain slips loose, and the sky opens."
    say "Dawn pours over Yomigawa. One by one, the lanterns go out in the sunrise."
    if ship == hotaru {
        say hotaru smile "Ahh, the festival's really over now. ...Best festival ever, though!"
        say hotaru "I'll fly home slow. Just to watch the last lanterns go out."
    } else if ship == shirasagi {
        say shirasagi "The shrine bell rings the hour of dawn, and this time the sky answers."
        say shirasagi smile "Home, then. Someone will have to sweep the steps before the visitors come."
    } else {
        say tsubame smile "Sunrise, right on time. Well, eleven hours late. Close enough."
        say tsubame "Letter's still dry. Time to make a delivery."
    }
    say "The night that would not end has ended."
}

scene ending_bad ending bad {
    say "Morning light. A cold breeze. The tiles of a roof under your back."
    if ship == hotaru {
        say hotaru surprised "Huh? I'm on a roof? Was I... flying up to the curtain, or dreaming it?"
        say hotaru "The curtain's open anyway. It opened all by itself...?"
    } else if ship == shirasagi {
        say shirasagi surprised "...The shrine's roof. I do not remember coming down."
        say shirasagi "The curtain stands open. Did I open it, or did it tire of waiting?"
    } else {
        say tsubame angry "I fell asleep on a roof?! On the job?!"
        say tsubame "...The curtain's open. Somebody finished it. Was it me?"
    }
    say "The dawn came, but something above the clouds is still waiting."
    say "(Clear the game without continuing to see the true ending.)"
}
