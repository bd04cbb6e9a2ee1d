# Stage 6, "The Moon Gate": the last stage, the palace behind the night
# curtain at the top of the sky, pale gold and silver under deep indigo. Veil
# wraiths drift down from the curtain, moon lamps cross the courtyards in
# lines, crescent guards hold the gate; the midboss Oboro, the Hazy Moon, at
# the outer gate; a second part through the inner courts, all three together
# and thicker, up to the gate itself; then Tobari, Lady of the Night Curtain,
# the game's last boss. The densest and fastest stage of the game on every
# difficulty; about five minutes on Normal.
#
# As in the other stages the waves keep time whatever the player does; only
# before each boss does the stage wait for the field to clear, and never for
# long.

stage stage6 {
    background s6_gate
    music stage
    wait 30
    title "Final Stage" "The Moon Gate"
    wait 150

    # Wave A: veil wraiths in pairs, drifting down from the curtain...
    repeat 6 as i {
        spawn s6_veil(1, 80 + i % 3 * 22) at (40 + i * 18, -24)
        spawn s6_veil(-1, 80 + i % 3 * 22) at (344 - i * 18, -24)
        wait 50
    }
    wait 20
    # ...moon lamps crossing in lines, left, then right, then both...
    repeat 8 as i {
        spawn s6_lamp(1) at (-14, 44 + i % 2 * 12)
        wait 10
    }
    wait 30
    repeat 8 as i {
        spawn s6_lamp(-1) at (398, 44 + i % 2 * 12)
        wait 10
    }
    wait 40
    repeat 6 as i {
        spawn s6_lamp(1, 2.8) at (-14, 70 + i * 6)
        spawn s6_lamp(-1, 2.8) at (398, 100 + i * 6)
        wait 16
    }
    wait 30
    # ...and wraiths three abreast.
    repeat 4 as i {
        spawn s6_veil(1, 100 + i * 12) at (40, -24)
        spawn s6_veil(1 - i % 2 * 2, 150, 1) at (192, -24)
        spawn s6_veil(-1, 100 + i * 12) at (344, -24)
        wait 55
    }
    wait 60

    # Wave B: a crescent guard at the middle of the path, lamps crossing
    # beneath it and wraiths at its sides...
    spawn s6_guard(192, 90) at (192, -34)
    wait 90
    repeat 6 as i {
        spawn s6_lamp(1 - i % 2 * 2, 2.6) at (-14 + i % 2 * 412, 150 + i % 3 * 10)
        wait 24
    }
    repeat 3 as i {
        spawn s6_veil(1, 120) at (30 + i * 14, -24)
        spawn s6_veil(-1, 120) at (354 - i * 14, -24)
        wait 50
    }
    wait 80
    # ...then two guards at the sides, wraiths diving between them.
    spawn s6_guard(96, 100) at (96, -34)
    spawn s6_guard(288, 100) at (288, -34)
    wait 100
    repeat 6 as i {
        spawn s6_veil(1 - i % 2 * 2, 150, 1) at (160 + i % 2 * 64, -24)
        wait 40
    }
    wait until enemies == 0 or time > 60 * 125
    wait 60

    # At the outer gate: Oboro, who would rather let them through.
    say s6_oboro "Oh... a visitor, this high. The Moon Gate is closed. My lady wishes no one through."
    if ship == hotaru {
        say hotaru angry "Then I'll fly over it! I didn't come all this way to turn back at a door!"
    } else if ship == shirasagi {
        say shirasagi "Then I shall knock. Firmly, and more than once."
    } else {
        say tsubame "Gates don't stop me. Move, or I go around you. Or through."
    }
    say s6_oboro smile "...I had hoped someone would say that."
    say s6_oboro angry "Forgive me. I must still try to stop you."
    midboss s6_oboro
    wait 90

    # Into the inner courts (the backdrop changes: the gate draws near).
    background s6_court

    # Wave C: everything together, thicker: wraiths and lamps at once...
    repeat 6 as i {
        spawn s6_veil(1 - i % 2 * 2, 90 + i % 3 * 20, 1) at (60 + i * 52, -24)
        spawn s6_lamp(1 - i % 2 * 2, 2.7) at (-14 + i % 2 * 412, 50)
        wait 36
    }
    wait 40
    # ...a guard high in the middle, lines of lamps crossing beneath it...
    spawn s6_guard(192, 76) at (192, -34)
    wait 70
    repeat 2 {
        repeat 8 as i {
            spawn s6_lamp(1, 2.8) at (-14, 130 + i * 6)
            spawn s6_lamp(-1, 2.8) at (398, 136 + i * 6)
            wait 14
        }
        wait 90
    }
    # ...wraiths from the middle and the sides...
    repeat 6 as i {
        spawn s6_veil(1 - i % 2 * 2, 130, 1) at (192, -24)
        spawn s6_veil(1, 110) at (40 + i * 10, -24)
        spawn s6_veil(-1, 110) at (344 - i * 10, -24)
        wait 46
    }
    wait 60
    # ...and the gate itself: three guards in a row, a last flight of
    # wraiths and lamps at once.
    spawn s6_guard(80, 110) at (80, -34)
    spawn s6_guard(304, 110) at (304, -34)
    wait 60
    spawn s6_guard(192, 70) at (192, -34)
    wait 140
    repeat 8 as i {
        spawn s6_veil(1 - i % 2 * 2, 100 + i % 4 * 14) at (60 + i % 2 * 264, -24)
        spawn s6_lamp(1 - i % 2 * 2, 3) at (-14 + i % 2 * 412, 60 + i * 6)
        wait 28
    }
    wait until enemies == 0 or time > 60 * 250
    wait 90

    background s6_gate_boss
    # Under the curtain, before the last fight: each ship her own lines
    # (Hotaru, Shirasagi, and in the `else` Tsubame).
    say "Beyond the Moon Gate the night's curtain hangs from the very top of the sky."
    if ship == hotaru {
        say s6_tobari "A firefly, this high? You have flown a long way from your lanterns."
        say hotaru angry "You're the one holding the curtain shut! Everyone down there is waiting for the morning!"
        say s6_tobari smile "Are they? At dawn the festival ends. The lanterns go out, the stalls fold, and everyone goes home."
        say s6_tobari "I only kept the best night of the year from ending."
        say hotaru surprised "...That's why? That's the whole reason?"
        say hotaru angry "But a festival is fun because it ends! You can't keep fireflies in a jar forever!"
        say s6_tobari surprised "Because it ends...?"
        say s6_tobari angry "Then I will keep you here, with the rest of the night."
    } else if ship == shirasagi {
        say s6_tobari "A heron from the shrine. Have you come to pray for the dawn?"
        say shirasagi "I came to ask for it politely first. The arrows are for afterwards."
        say s6_tobari smile "How proper. Then hear my prayer: one night that never ends. The lanterns lit, the festival never over."
        say shirasagi "A shrine keeps its festivals because they end. A rite performed forever is no rite at all."
        say s6_tobari angry "Spoken like a priestess who has never watched the lanterns go out."
        say shirasagi angry "I have watched them every year. Draw back the curtain, Lady Tobari."
    } else {
        say s6_tobari "A swallow. You must be in a hurry, to fly this high at this hour."
        say tsubame "I've got letters that were due at sunrise. Sunrise is late. You're the hold-up?"
        say s6_tobari smile "I am. The festival ends at dawn. So there is no dawn."
        say tsubame angry "That's it? You stopped the whole sky because you didn't want to go home?"
        say s6_tobari angry "Do not speak of it as if it were nothing, little courier."
        say tsubame smile "Fine. I'll deliver the dawn myself. Sign here."
        say s6_tobari surprised "...Sign?"
    }
    title "Tobari" "Lady of the Night Curtain"
    wait 60
    music boss
    boss s6_tobari
    wait 60
    # After it: the curtain opens.
    if ship == hotaru {
        say s6_tobari sad "So even the night I made must end."
        say hotaru smile "It comes round again next year, you know. The lanterns always come back."
        say s6_tobari "...Then I suppose I can wait a year."
    } else if ship == shirasagi {
        say s6_tobari sad "Your aim is truer than my curtain was heavy."
        say shirasagi smile "It was a beautiful night. That is why it should be allowed to end."
        say s6_tobari "Then go home, heron. I will open the sky."
    } else {
        say s6_tobari sad "You fly too fast to be caught in any curtain."
        say tsubame smile "Comes with the job. So. The dawn?"
        say s6_tobari smile "Take it. It has waited long enough."
    }
    say "Tobari draws the curtain aside, and the first grey of dawn spills over the Moon Gate."
    wait 120
}
