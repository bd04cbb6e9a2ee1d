# Stage 5's dialogue: what Amaori, the Star Weaver, and the girl flying up
# say before her fight and after it, different for each ship (the last
# branch is Tsubame's). The ship's character speaks on the left, Amaori on
# the right (docs/patterns.md, Characters and dialogue).

# Before the fight: the girl reaches the loom; Amaori is proud of the cloth.
pattern s5_talk_before {
    if ship == hotaru {
        say s5_amaori "Mind the threads, little firefly. One spark from you could scorch a month of weaving."
        say hotaru surprised "Whoa, did you weave all of this? The whole sky is hanging off your loom!"
        say s5_amaori smile "Every fold of it. The curtain over your town is my finest cloth: not one thread of dawn gets through."
        say hotaru "That's YOUR curtain? Then unpick it! The lanterns are burning down and the festival can't end if the night never does!"
        say s5_amaori "I weave what I am asked to weave. Take your complaint higher... if you can fly through my pattern."
        say hotaru smile "Fly through it? I'll dance through it!"
    } else if ship == shirasagi {
        say s5_amaori "A heron, this far above the clouds. Have you come to admire the weave?"
        say shirasagi "I came to find who keeps the night shut. The threads led me here."
        say s5_amaori smile "Then they led you well. I wove that curtain, warp and weft, on this very loom."
        say shirasagi smile "It is beautiful work. Kindly take it down."
        say s5_amaori angry "Take it down? It is the heaviest cloth I have ever woven. It was made never to open."
        say shirasagi "Then I shall have to make a few holes in it. Forgive my aim."
    } else {
        say s5_amaori angry "Stop! You are tangling my warp, you reckless swallow!"
        say tsubame "Your threads are all over my route. Who weaves a wall across the sky?"
        say s5_amaori smile "A wall? It is a curtain, the finest ever spun. Its pattern took a hundred nights."
        say tsubame "And it's made tonight the longest one yet. I've got letters that need a morning."
        say s5_amaori angry "Then wait for one, courier. No one flies past my loom before the cloth is done."
        say tsubame smile "Nobody out-flies me. Watch."
    }
}

# After the fight: Amaori tells who asked for the curtain, and why it cannot
# be lifted.
pattern s5_talk_after {
    if ship == hotaru {
        say s5_amaori "My threads... you burned straight through the pattern."
        say hotaru "Sorry about your weaving! But who asked you for a curtain like that?"
        say s5_amaori "The Lady of the Night Curtain, at the gate above. She asked me for a curtain that never opens."
        say s5_amaori "And I wove it too well. It is too heavy to lift now, even for me."
        say hotaru smile "Then I'll fly up and ask her to lift it herself!"
    } else if ship == shirasagi {
        say s5_amaori "You found every gap in my weave. I did not know it had so many."
        say shirasagi "Each pattern leaves a way through. Who was the cloth for?"
        say s5_amaori "The Lady of the Night Curtain, at the gate above. She asked for a curtain that never opens."
        say s5_amaori "I wove it too heavy to lift. Even I cannot draw it back."
        say shirasagi smile "Then I will ask her to. Politely, the first time."
    } else {
        say s5_amaori "You went through my cloth as if it were cobweb..."
        say tsubame "It was in the way. So who's the customer?"
        say s5_amaori "The Lady of the Night Curtain, at the gate above. She asked for a curtain that never opens."
        say s5_amaori "I made it too heavy to lift. I cannot undo it now."
        say tsubame smile "Fine. I'll deliver the complaint myself."
    }
}
