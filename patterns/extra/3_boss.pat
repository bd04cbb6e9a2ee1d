# The Extra stage's boss: Shinonome, the Dawn That Waited. She is the dawn
# itself, held back behind the night curtain all night long and now let
# through all at once: bright, playful and overwhelming. Twelve phases: four
# attacks and eight spell cards, the last a card to survive while the whole
# morning arrives.
#
# Her light grows as the fight goes on: each phase raises the shared value
# `ex_light` (1_enemies.pat), and her attacks, and the bullets already flying
# when it changes, read it: the later the phase, the thicker her rings and the
# faster her rays.
#
# She uses every tool of the pattern language: straight lasers for the seams
# and rays of light, curvy lasers for the unravelling threads, handles to steer
# her morning stars and recolour the sky, callbacks for the drops of dew and
# the lanterns that go out, functions for her geometry.

# Shinonome's dialogue, before her fight and after it, different for each
# ship. Shinonome is the dawn held back all night behind the curtain; now that
# it is open she is coming up all at once, bursting with a whole night's
# light, and the girl who opened it talks her into a dawn that comes up
# gently by playing it out with her.

# Before the fight, at the top of the sky.
pattern ex_before_shinonome {
    say "Above the last threads of the curtain the sky is already going pale, and far too fast."
    if ship == hotaru {
        say ex_shinonome smile "There you are! You're the one who pulled the curtain down, aren't you? I've been waiting ALL night!"
        say hotaru surprised "Um, who are you? And why is the sky so bright all of a sudden? It's not even-"
        say ex_shinonome "I'm Shinonome! I'm the dawn! The first bit of it, anyway. All night I stood behind that heavy old curtain, tapping my foot."
        say hotaru surprised "The dawn is a girl?! Wait, wait, if you come out all at once like that, the lanterns won't even get to go out properly!"
        say ex_shinonome "Lanterns, festivals, bedtimes... a whole night's worth of morning has to go somewhere! Come on, festival girl. Dance with me till I've burned it off!"
        say hotaru smile "A dance at sunrise? Now THAT's how a festival ends. Let's go!"
    } else if ship == shirasagi {
        say ex_shinonome surprised "Oh! A visitor at this hour! You're up early. Or late. I can never tell with you night people."
        say shirasagi "I am neither. I am the one who drew the curtain back, and I would like to know why the morning is arriving all at once."
        say ex_shinonome smile "Because it's me! Shinonome, the dawn that waited. All night, behind that curtain. Do you know how dull that is?"
        say shirasagi "I have sat through the shrine's winter prayers. I have some idea."
        say ex_shinonome "Then you understand! I can't rise slowly now. I'm too full. I'll spill all over the town!"
        say shirasagi smile "Then I shall take some of that light off your hands. With arrows. Do hold still; it is only polite."
        say ex_shinonome smile "Polite? Ahaha! Catch me if you can!"
    } else {
        say ex_shinonome surprised "Whoa, you're fast! Nobody gets up here before me. Nobody!"
        say tsubame "I get everywhere before everyone. Who are you, and why is the sky on fire?"
        say ex_shinonome smile "Shinonome! The dawn! Held back all night, and now I'm coming up all at once!"
        say tsubame "All at once? Half the town's asleep on its roofs. You'll blind them."
        say ex_shinonome "Then race me! If you can keep up with the dawn, I'll come up slowly. Promise!"
        say tsubame smile "A race? You just made the worst bet of your life."
    }
}

# After the fight: the dawn comes up over Yomigawa, gently.
pattern ex_after_shinonome {
    if ship == hotaru {
        say ex_shinonome smile "Ahaha! I'm all out of breath... no, all out of light! That's the most fun I've had since forever."
        say hotaru "Then you can come up slowly now, right? Nice and gentle, like a proper morning?"
        say ex_shinonome "Slowly, gently... fine. But you have to watch! All of it, from the first pink to the gold."
        say hotaru smile "Front row seat. I'll bring the last lantern."
        say "Over Yomigawa the sky turns rose, then gold, and the last lantern goes out with the sun already in its paper."
    } else if ship == shirasagi {
        say ex_shinonome "You're no fun at all. You're very good, but no fun."
        say shirasagi smile "I am told so often. Now, will you rise as the almanac says?"
        say ex_shinonome smile "At six and a few minutes, pink then gold, I know, I know. You'll watch, though?"
        say shirasagi "From the shrine steps. It is the one sight I have never tired of."
        say "The dawn comes up over Yomigawa exactly on time, and a little brighter than usual."
    } else {
        say ex_shinonome surprised "You... kept up with the LIGHT?!"
        say tsubame smile "Told you. Fastest in Yomigawa. Now keep your promise."
        say ex_shinonome smile "Fine, fine. Slow as honey. But tomorrow we race again, right? Every morning!"
        say tsubame "Every morning? ...I've got deliveries. But sure. Before the first one."
        say "Dawn comes up over Yomigawa slowly, as promised, and a swallow races its first ray home."
    }
}

# The direction, from (fx, fy), to the point mirrored across the field's
# middle from the player: a shadow falls the other way from the light.
function ex_mirror_aim(fx, fy) {
    return angle(width - player_x - fx, player_y - fy)
}

# One of her attacks' rings: n + 4 per step of light orbs, alternately turning.
pattern ex_sunring(n = 24, v = 3, turn = 1, colour = 0) {
    if colour == 0 {
        fire orb yellow ring n + ex_light * 2 at rand(0, 360) speed v spin turn * 0.5 {
            wait 40
            spin 0
        }
    } else {
        fire orb orange ring n + ex_light * 2 at rand(0, 360) speed v spin turn * 0.5 {
            wait 40
            spin 0
        }
    }
}

# A seam of the curtain opens down the field at sx: a beam of daylight from
# the top (warned first), and out of the seam, sprays of drops to both sides.
pattern ex_seam(sx = 192) {
    laser white from (sx - x, -y) at 180 length 460 width 14 warn 50 life 100
    wait 50
    repeat 5 as k {
        var sy = 40 + k * 80 + rand(-20, 20)
        fire drop yellow from (sx - x, sy - y) spread 3 by 14 at 90 speed 2.4 stack 2 by 0.6
        fire drop yellow from (sx - x, sy - y) spread 3 by 14 at 270 speed 2.4 stack 2 by 0.6
    }
}

boss ex_shinonome {
    name "Shinonome, the Dawn That Waited"
    look ex_shinonome
    character ex_shinonome
    spell_background ex_dawn_spell

    # 1: the first light: rings that turn both ways, and aimed streams.
    phase time 30s health 400 {
        ex_light = 1
        move to (192, 100) over 50
        wait 50
        loop as i {
            run ex_sunring(30, 3, i % 2 * 2 - 1, i % 2)
            fire arrow white spread 5 by 7 aim speed 4.2 stack 3 by 0.5
            wait 12
            if i % 8 == 7 {
                move to (rand(120, 264), rand(80, 120)) over 40
            }
        }
    }

    # Card 1: the seams of the curtain open one after another down the field,
    # beams of daylight that spray drops sideways; she rings the field in
    # between.
    phase "Daybreak Sign: Light Through the Seams" spell time 40s health 1500 bonus 4000000 {
        ex_light = 2
        move to (192, 90) over 50
        wait 50
        loop as i {
            thread ex_seam(24 + (i * 137) % 336)
            if i % 2 == 1 {
                thread ex_seam(360 - (i * 71) % 336)
            }
            repeat 4 as k {
                fire orb_small white ring 40 at i * 7 + k * 4.5 speed 3.2
                wait 10
            }
        }
    }

    # 2: a spiral of rice in four arms, and rings that stop and go again.
    phase time 35s health 1300 {
        ex_light = 3
        move to (192, 110) over 50
        wait 50
        thread {
            loop as t {
                fire rice yellow ring 6 at t * 11 speed 3.6 stack 2 by 0.8
                fire rice orange ring 6 at -t * 11 speed 3.2
                wait 4
            }
        }
        loop as i {
            fire orb white ring 36 + ex_light at i * 9 speed 4.4 {
                speed 0.6 over 24 out
                wait 30
                turn by 15 over 30
                speed 3.8 over 40 in
            }
            wait 30
        }
    }

    # Card 2: the curtain comes unstitched: threads (curvy lasers) curl out of
    # her in a ring, hang, then are drawn aside and pull away fast, every ring
    # the other way; the loose stitches (kunai) spin out between them, and a
    # fan of arrows now and then at the player.
    phase "Thread Sign: The Curtain Comes Unstitched" spell time 45s health 1400 bonus 4500000 {
        ex_light = 4
        move to (192, 120) over 50
        wait 50
        loop as i {
            var d = i % 2 * 2 - 1
            laser curvy purple ring 8 at i * 17 speed 3 length 40 width 9 spin d * 3 {
                wait 28
                spin 0
                speed 0.6 over 10
                wait 20
                turn by d * 50 over 20
                speed 4.6 over 30
            }
            repeat 6 as k {
                fire kunai white ring 24 + ex_light at i * 13 + k * 7 speed 3 spin -d * 0.3 {
                    wait 50
                    spin 0
                }
                if k == 3 {
                    fire arrow yellow spread 5 by 10 aim speed 4 stack 2 by 0.5
                }
                wait 9
            }
        }
    }

    # Card 3: a thousand drops of dew hang on the curtain's threads: each ring
    # slows to a hang; grazed, a drop falls at once; at the end of its life it
    # bursts into a spray of fine drops. Fans of arrows keep the player moving.
    phase "Dew Sign: A Thousand Drops on the Eaves" spell time 40s health 1000 bonus 5000000 {
        ex_light = 5
        move to (192, 90) over 50
        wait 50
        thread {
            loop {
                fire arrow cyan spread 7 by 9 aim speed 4.2 stack 2 by 0.6
                wait 26
            }
        }
        loop as i {
            fire drop cyan ring 26 at i * 11 speed 4 life 120 {
                on graze {
                    turn to down over 6
                    speed 5 over 10
                }
                on vanish {
                    fire drop blue ring 5 at rand(0, 72) speed 3
                }
                speed 1.2 over 40 out
            }
            wait 16
        }
    }

    # 3: twin spirals of stars, and aimed orbs in long trains.
    phase time 35s health 1300 {
        ex_light = 6
        move to (192, 100) over 50
        wait 50
        thread {
            loop as t {
                fire star yellow ring 5 at t * 13 speed 3.4
                fire star orange ring 5 at -t * 13 + 36 speed 3.4
                wait 3
            }
        }
        loop as i {
            repeat 8 {
                fire orb red spread 3 by 24 aim speed 4.6
                wait 4
            }
            wait 30
            move to (192 + sin(i * 67) * 70, 100 + cos(i * 41) * 20) over 30
        }
    }

    # Card 4: the morning star will not set: two great stars (handles) orbit
    # her, one each way, on an orbit that breathes, throwing stars behind them;
    # she rings the field with orbs whose gaps turn.
    phase "Star Sign: The Morning Star Will Not Set" spell time 40s health 1000 bonus 5500000 {
        ex_light = 7
        move to (192, 110) over 50
        wait 50
        fire star_large yellow at 90 speed 0 from (70, 0) as first
        fire star_large white at 270 speed 0 from (-70, 0) as second
        var stars = [first, second]
        repeat 2 as k {
            var star = stars[k]
            var turn = 1 - k * 2
            thread {
                # the star is moved round her every frame (a bullet's
                # handle jumps where it is moved), on an orbit that breathes
                loop as t {
                    var r = 95 + sin(t * 2) * 40
                    var a = 90 + k * 180 + t * turn * 2.4
                    # (in a handle's statement x and y are the star's own:
                    # read hers first)
                    var bx = x
                    var by = y
                    star.move to (bx + sin(a) * r, by - cos(a) * r)
                    if t % 5 == 0 {
                        star.thread {
                            fire star yellow at a speed 2.6
                            fire star white at a - 90 * turn + rand(-20, 20) speed 3.2
                        }
                    }
                    wait 1
                }
            }
        }
        loop as i {
            fire orb orange ring 28 + ex_light at i * 5 speed 3 stack 2 by 0.7
            wait 26
        }
    }

    # Card 5: the lanterns go out at sunrise: great lanterns float up out of
    # her and drift, and each one's light goes out at the end of its life:
    # it bursts into a ring of sparks and a fan of embers at the player. A
    # lantern shot down by a bomb leaves only a few sparks.
    phase "Lantern Sign: The Festival Ends at Sunrise" spell time 60s health 450 bonus 6000000 {
        ex_light = 8
        move to (192, 110) over 50
        wait 50
        loop as i {
            fire orb_large orange at rand(0, 360) speed 3 life 70 + rand(0, 40) {
                on vanish {
                    fire rice yellow ring 24 at rand(0, 15) speed 3.4 stack 2 by 0.8
                    fire kunai red spread 3 by 12 aim speed 4
                }
                on cancel {
                    fire orb_small white ring 5 speed 1 life 20
                }
                speed 1 over 40 out
            }
            fire orb_small yellow ring 20 at i * 17 speed 3.6
            wait 9
        }
    }

    # 4: rays from a turning wheel and rings that follow it.
    phase time 35s health 350 {
        ex_light = 9
        move to (192, 100) over 50
        wait 50
        laser yellow ring 4 at 45 length 480 width 12 warn 60 spin 0.45 follow
        wait 30
        loop as i {
            fire orb_small white ring 48 at i * 4 speed 3.6
            if i % 3 == 0 {
                fire arrow orange spread 9 by 6 aim speed 4.6
            }
            wait 11
        }
    }

    # Card 6: violet, rose, then gold: the sky of dawn changes colour and so
    # do her rings. A ring flies out violet and slow; at each change of the
    # sky all the rings still flying change with it (handles), rose turning a
    # quarter of the way round, gold speeding away; the next ring is already
    # out.
    phase "Sky Sign: Violet, Then Rose, Then Gold" spell time 45s health 1200 bonus 6500000 {
        ex_light = 10
        move to (192, 100) over 50
        wait 50
        loop as i {
            var d = i % 2 * 2 - 1
            fire orb purple ring 40 + ex_light at i * 7 speed 2.6 as sky
            thread {
                wait 30
                for b in sky {
                    b.look orb red
                    b.turn by d * 45 over 20
                }
                wait 30
                for b in sky {
                    b.look orb yellow
                    b.speed 4.2 over 20 in
                }
            }
            fire kunai white spread 5 by 12 aim speed 4.4 stack 2 by 0.5
            wait 18
        }
    }

    # Card 7: long shadows of the morning: she throws rings of dark needles
    # that stop, pale, and fall the other way from the light: toward the place
    # mirrored from the player across the middle of the field. Move, and your
    # shadow moves the other way.
    phase "Shadow Sign: Long Shadows at Sunrise" spell time 45s health 1100 bonus 7000000 {
        ex_light = 11
        move to (192, 100) over 50
        wait 50
        thread {
            loop {
                fire arrow white spread 5 by 10 aim speed 4 stack 2 by 0.6
                wait 22
            }
        }
        loop as i {
            fire kunai blue ring 30 + ex_light at i * 13 speed 3.6 as shade
            thread {
                wait 24
                for b in shade {
                    b.speed 0 over 8 out
                    b.look kunai purple
                }
                wait 20
                for b in shade {
                    b.turn to ex_mirror_aim(b.x, b.y) over 10
                    b.speed 4.4 over 20 in
                }
            }
            wait 16
        }
    }

    # Card 8, the last: the dawn that waited all night. She cannot be shot:
    # the player lasts out the morning. Eight rays of the sun turn about her;
    # rings of light pour out faster and thicker as the light grows, every
    # few seconds a sunburst of great orbs, and the lanterns' last sparks fall
    # from the top of the field.
    phase "Dawn: The Morning That Waited All Night" spell time 60s bonus 9000000 {
        ex_light = 12
        move to (192, 120) over 60
        wait 60
        laser yellow ring 8 at 0 length 160 width 12 warn 60 spin 0.6
        laser orange ring 4 at 22 length 420 width 8 warn 90 spin -0.25
        wait 60
        thread {
            loop {
                fire star yellow from (rand(-190, 190), -y) at 180 + rand(-10, 10) speed 2.6 accel 0.02
                wait 3
            }
        }
        loop as i {
            ex_light = 12 + floor(i / 20)
            fire orb_small white ring 30 + ex_light * 2 at i * 6.5 speed 3 + ex_light * 0.08
            if i % 24 == 23 {
                fire orb_large orange ring 16 at i speed 2.8
                fire orb_large yellow ring 16 at i + 11 speed 2.2
            }
            wait 10
        }
    }
}
