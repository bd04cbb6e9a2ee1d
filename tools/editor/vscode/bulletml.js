// Whether a document is a BulletML file, by its content: its first element (past
// the XML declaration, comments, processing instructions and a DOCTYPE) is
// <bulletml>. A pom.xml or any other XML is not, whatever its name.
"use strict";

const LOOK = 8192; // a BulletML root element comes long before this

function isBulletML(text) {
    let s = String(text).slice(0, LOOK).replace(/^\uFEFF/, "");
    for (;;) {
        s = s.replace(/^\s+/, "");
        const skip = /^(<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE(?:[^\[>]|\[[\s\S]*?\])*>)/i.exec(s);
        if (!skip)
            break;
        s = s.slice(skip[0].length);
    }
    return /^<(?:[A-Za-z_][\w.-]*:)?bulletml[\s/>]/.test(s);
}

module.exports = { isBulletML };
