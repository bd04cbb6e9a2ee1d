# Stage 3's scenes (docs/patterns.md, Scenes): before and after Zenmai and
# Tokine, different for each pilot. The `else` is Tsubame's.

scene s3_zenmai_before before s3_zenmai {
    say zenmai "HALT. GATE OF THE SPIRE. STATE. YOUR. BUSINESS."
    if ship == hotaru {
        say hotaru smile "Um! Festival business! Very urgent!"
        say zenmai angry "FESTIVAL. NOT. ON. THE. LIST."
    } else if ship == shirasagi {
        say shirasagi "The shrine's business. The dawn."
        say zenmai surprised "DAWN. IS. SCHEDULED. DAWN. IS. LATE. ERROR. ERROR."
    } else {
        say tsubame "Delivery."
        say zenmai "NO. DELIVERIES. AFTER. MIDNIGHT."
        say tsubame angry "It's been midnight for hours!"
    }
}

scene s3_zenmai_after after s3_zenmai {
    say zenmai surprised "WIND... ING... DOWN... MISTRESS TOKINE... IS... UP... STAIRS..."
}

scene s3_tokine_before before s3_tokine {
    say tokine "Visitors, at this hour. Though every hour is this hour, now."
    if ship == hotaru {
        say hotaru "You keep the dawn clock! Why won't the morning come?"
        say tokine "The clock is wound. It has struck dawn eleven times. The dawn rises..."
        say tokine "...and something above the clouds has caught it."
        say hotaru surprised "Caught the dawn?!"
        say tokine angry "And I will not have children climbing my spire to meddle. Go home."
    } else if ship == shirasagi {
        say shirasagi "Keeper of the Dawn Clock. Your clock appears to be wrong."
        say tokine angry "My clock is never wrong. It struck. The dawn rose. Something above the clouds has caught it."
        say shirasagi "Then I must go above the clouds."
        say tokine "Through me, first. I am tired, not weak."
    } else {
        say tsubame "Your clock's broken."
        say tokine angry "My clock is perfect. The dawn is caught above the clouds, and no one has gone up."
        say tsubame smile "I'll go up. I'm fast."
        say tokine "Then prove it. Strictly."
    }
}

scene s3_tokine_after after s3_tokine {
    say tokine surprised "...You are faster than my hands. Go, then."
    say tokine "Above the clouds, where the storm never breaks."
    if ship == hotaru {
        say hotaru smile "Keep the lanterns lit for me!"
    } else if ship == shirasagi {
        say shirasagi smile "Rest, Keeper. I shall bring your dawn back."
    } else {
        say tsubame smile "Back before sunrise. Promise."
    }
}
