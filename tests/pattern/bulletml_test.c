/* bulletml: what loads (with libbulletml's XML rules) and, for everything
 * libbulletml crashes, hangs or misbehaves on, the error and its position. */
#include "../check.h"
#include "core/mem.h"
#include "pattern/bulletml/bulletml.h"

#include <stdlib.h>
#include <string.h>

#define HEAD "<?xml version=\"1.0\" ?>\n<bulletml>\n"
#define TAIL "</bulletml>\n"

static bulletml_diags diags;

static bulletml_doc *load(const char *text)
{
    return bulletml_load_buffer("t.xml", text, strlen(text), &diags);
}

/* Some kept diagnostic starts with "t.xml:where: severity: " and contains needle. */
static int has_diag(const char *where, const char *severity, const char *needle)
{
    char prefix[64];
    snprintf(prefix, sizeof prefix, "t.xml:%s: %s", where,
             strcmp(severity, "warning") == 0 ? "warning: " : "");
    bulletml_severity want = strcmp(severity, "warning") == 0 ? BULLETML_WARNING : BULLETML_ERROR;
    for (int i = 0; i < diags.kept; i++)
        if (diags.items[i].severity == want &&
            strncmp(diags.items[i].text, prefix, strlen(prefix)) == 0 &&
            strstr(diags.items[i].text, needle) && strstr(diags.items[i].message, needle))
            return 1;
    return 0;
}

static void dump_diags(void)
{
    for (int i = 0; i < diags.kept; i++)
        fprintf(stderr, "  | %s\n", diags.items[i].text);
}

/* The text must be refused, with an error at where (line:col) containing needle. */
static void check_refused(const char *text, const char *where, const char *needle)
{
    bulletml_doc *doc = load(text);
    CHECK(doc == NULL);
    CHECK(diags.errors > 0);
    int found = has_diag(where, "error", needle);
    CHECK(found);
    if (!found) {
        fprintf(stderr, "  expected %s: ...%s... in:\n", where, needle);
        dump_diags();
    }
    bulletml_unload(doc);
}

static bulletml_doc *check_loads(const char *text)
{
    bulletml_doc *doc = load(text);
    CHECK(doc != NULL);
    CHECK_EQ_INT(diags.errors, 0);
    if (!doc)
        dump_diags();
    return doc;
}

/* The node with this element and label (any namespace), or BULLETML_NONE. */
static int32_t find_labelled(const bulletml_doc *doc, bulletml_elem elem, const char *label,
                             int nth)
{
    for (int32_t i = 0; i < doc->node_count; i++) {
        const char *l = bulletml_node_label(doc, i);
        if (doc->nodes[i].elem == elem && l && strcmp(l, label) == 0 && nth-- == 0)
            return i;
    }
    return BULLETML_NONE;
}

static int32_t find_elem(const bulletml_doc *doc, bulletml_elem elem, int nth)
{
    for (int32_t i = 0; i < doc->node_count; i++)
        if (doc->nodes[i].elem == elem && nth-- == 0)
            return i;
    return BULLETML_NONE;
}

static double node_value(const bulletml_doc *doc, int32_t node, double rank)
{
    const bulletml_node *n = &doc->nodes[node];
    bulletml_expr_env env = {rank, NULL, 0, NULL, NULL};
    return bulletml_expr_eval(doc->ops + n->expr_first, n->expr_count, &env);
}

static void test_xml_layer(void)
{
    /* The corpus prologue, CRLF line ends, comments, xmlns, a multi-line number. */
    const char *text =
        "<?xml version=\"1.0\" ?>\r\n"
        "<!DOCTYPE bulletml SYSTEM \"http://www.asahi-net.or.jp/~cs8k-cyu/bulletml/"
        "bulletml.dtd\">\r\n"
        "<!-- a comment before the root -->\r\n"
        "<bulletml type=\"vertical\" xmlns=\"http://www.asahi-net.or.jp/~cs8k-cyu/bulletml\">\r\n"
        "<action label=\"top\">\r\n"
        "  <!-- <wait>1</wait> -->\r\n"
        "  <wait>\r\n    10 +\r\n    $rank * 20\r\n  </wait>\r\n"
        "</action>\r\n"
        "</bulletml>\r\n";
    bulletml_doc *doc = check_loads(text);
    if (doc) {
        CHECK_EQ_INT(doc->horizontal, 0);
        CHECK_EQ_INT(doc->top_count, 1);
        int32_t wait = find_elem(doc, BULLETML_WAIT, 0);
        CHECK(wait != BULLETML_NONE);
        CHECK(node_value(doc, wait, 0.5) == 20.0);
        CHECK_EQ_INT(doc->nodes[wait].line, 7);
        CHECK_EQ_INT(doc->nodes[wait].col, 3);
        CHECK_EQ_INT(diags.warnings, 0);
    }
    bulletml_unload(doc);
}

static void test_horizontal(void)
{
    static const struct {
        const char *root;
        int horizontal;
    } cases[] = {
        {"<bulletml type=\"horizontal\">", 1},
        {"<bulletml orientation=\"horizontal\">", 1},
        {"<bulletml type=\"vertical\">", 0},
        {"<bulletml type=\"none\">", 0},
        {"<bulletml>", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, "%s<action label=\"top\"/></bulletml>", cases[i].root);
        bulletml_doc *doc = check_loads(text);
        if (doc)
            CHECK_EQ_INT(doc->horizontal, cases[i].horizontal);
        bulletml_unload(doc);
    }
    check_refused("<bulletml type=\"diagonal\"><action label=\"top\"/></bulletml>", "1:1",
                  "invalid type 'diagonal' on <bulletml>");
}

static void test_labels(void)
{
    /* Three namespaces; duplicates: the last wins, with a warning. */
    const char *text = HEAD "<action label=\"top\">\n"
                            "  <actionRef label=\"x\"/>\n"
                            "  <fire><bulletRef label=\"x\"/></fire>\n"
                            "  <fireRef label=\"x\"/>\n"
                            "</action>\n"
                            "<action label=\"x\"><wait>1</wait></action>\n"
                            "<bullet label=\"x\"/>\n"
                            "<fire label=\"x\"><bullet/></fire>\n"
                            "<action label=\"x\"><wait>2</wait></action>\n" TAIL;
    bulletml_doc *doc = check_loads(text);
    if (doc) {
        int32_t ref = find_labelled(doc, BULLETML_ACTION_REF, "x", 0);
        CHECK_EQ_INT(doc->nodes[ref].target, find_labelled(doc, BULLETML_ACTION, "x", 1));
        ref = find_labelled(doc, BULLETML_BULLET_REF, "x", 0);
        CHECK_EQ_INT(doc->nodes[ref].target, find_labelled(doc, BULLETML_BULLET, "x", 0));
        ref = find_labelled(doc, BULLETML_FIRE_REF, "x", 0);
        CHECK_EQ_INT(doc->nodes[ref].target, find_labelled(doc, BULLETML_FIRE, "x", 0));
        CHECK_EQ_INT(diags.warnings, 1);
        CHECK(has_diag("8:1", "warning", "defined again at line 11; the last definition wins"));
        CHECK_EQ_INT(doc->max_ref_depth, 1);
    }
    bulletml_unload(doc);
}

static void test_entry_points(void)
{
    /* Every action labelled top..., anywhere, in document order, case-sensitive. */
    const char *text = HEAD "<action label=\"topshot\"><wait>1</wait></action>\n"
                            "<action label=\"Top\"/>\n"
                            "<bullet label=\"b\"><action label=\"top2\"/></bullet>\n"
                            "<action label=\"top\"/>\n" TAIL;
    bulletml_doc *doc = check_loads(text);
    if (doc) {
        CHECK_EQ_INT(doc->top_count, 3);
        CHECK_EQ_INT(doc->tops[0], find_labelled(doc, BULLETML_ACTION, "topshot", 0));
        CHECK_EQ_INT(doc->tops[1], find_labelled(doc, BULLETML_ACTION, "top2", 0));
        CHECK_EQ_INT(doc->tops[2], find_labelled(doc, BULLETML_ACTION, "top", 0));
    }
    bulletml_unload(doc);
    /* No entry point: loads (libbulletml runs nothing), with a warning. */
    doc = check_loads(HEAD "<action label=\"main\"/>" TAIL);
    CHECK(has_diag("1:1", "warning", "runs nothing"));
    bulletml_unload(doc);
}

static void test_depths(void)
{
    /* Repeats nest across refs; a bullet's actions are measured as scripts of their own. */
    const char *text = HEAD "<action label=\"top\">\n"
                            "  <repeat><times>2</times><action>\n"
                            "    <actionRef label=\"a\"><param>1</param></actionRef>\n"
                            "  </action></repeat>\n"
                            "</action>\n"
                            "<action label=\"a\"><repeat><times>3</times>\n"
                            "  <actionRef label=\"b\"/></repeat></action>\n"
                            "<action label=\"b\"><fire><bulletRef label=\"c\"/></fire></action>\n"
                            "<bullet label=\"c\"><action><repeat><times>2</times><action>\n"
                            "  <repeat><times>2</times><action><repeat><times>2</times>\n"
                            "  <action/></repeat></action></repeat></action></repeat>\n"
                            "</action></bullet>\n" TAIL;
    bulletml_doc *doc = check_loads(text);
    if (doc) {
        CHECK_EQ_INT(doc->max_ref_depth, 3);
        CHECK_EQ_INT(doc->max_repeat_depth, 3);
    }
    bulletml_unload(doc);
}

/* What libbulletml and expat disagree on, and curtain reads (docs/bulletml.md): a
 * UTF-8 byte-order mark (libbulletml refuses the file) and an encoding expat does not
 * know (libbulletml never decodes: read byte by byte, labels equal when their bytes
 * are; probe encoding_unknown.xml). Both with a warning. */
static void test_encodings(void)
{
    bulletml_doc *doc = check_loads("\xef\xbb\xbf" HEAD "<action label=\"top\"/>" TAIL);
    CHECK(has_diag("1:1", "warning", "byte-order mark: libbulletml refuses such a file"));
    bulletml_unload(doc);
    doc = check_loads("<?xml version=\"1.0\" encoding=\"EUC-JP\" ?>\n<bulletml>\n"
                      "<action label=\"top\"><actionRef label=\"\xc3\xb1\"/></action>\n"
                      "<action label=\"\xc3\xb1\"><wait>1</wait></action>\n"
                      "<action label=\"\xb1\xc3\"/>" TAIL);
    CHECK(has_diag("1:21", "warning", "encoding 'EUC-JP' is read byte by byte"));
    CHECK(doc && doc->nodes[2].target == 3);
    bulletml_unload(doc);
    /* Encodings expat knows are decoded as before: a byte that is not UTF-8 is an error. */
    check_refused(HEAD "<action label=\"top\xff\"/>" TAIL, "3:19", "malformed XML");
}

static void test_xml_errors(void)
{
    check_refused(HEAD "<action label=\"top\">\n<wait>1</wait>\n" TAIL, "5:3",
                  "malformed XML: mismatched tag: <action> from 3:1 is still open");
    /* An unclosed element inside: the message names it, not its parent. */
    check_refused(HEAD "<action label=\"top\">\n  <fire><bullet/>\n</action>\n" TAIL, "5:3",
                  "mismatched tag: <fire> from 4:3 is still open");
    /* Inside an element already refused, what is open is not known: expat's words only. */
    check_refused(HEAD "<action label=\"top\">\n<wiat>1</wait>\n</action>" TAIL, "4:10",
                  "malformed XML: mismatched tag");
    check_refused("", "1:1", "malformed XML");
    check_refused("<?xml version=\"1.0\" ?>\n<action label=\"top\"/>\n", "2:1",
                  "the first element must be <bulletml>, not <action>");
    check_refused(HEAD "<action label=\"top\"><wait>&#49;</wait></action>" TAIL, "3:27",
                  "entity and character references");
    check_refused(HEAD "<action label=\"top\"><wait>1&lt;2</wait></action>" TAIL, "3:28", "entity");
    check_refused(HEAD "<action label=\"top\"><wait><![CDATA[1]]></wait></action>" TAIL, "3:27",
                  "CDATA");
    check_refused(HEAD "<action label=\"top\"><?php x ?></action>" TAIL, "3:21",
                  "processing instruction");
    check_refused("<!DOCTYPE bulletml [<!ENTITY a \"1\">]>\n<bulletml/>", "1:20",
                  "DOCTYPE with declarations");
    check_refused("<!DOCTYPE bulletml SYSTEM \"x.dtd\">\n<bulletml><action label=\"top\">"
                  "<wait>&a;</wait></action></bulletml>",
                  "2:37", "unknown entity '&a;'");
}

static void test_structure_errors(void)
{
    check_refused(HEAD "<action label=\"top\"><shoot/></action>" TAIL, "3:21",
                  "unknown element <shoot> in <action>");
    check_refused(HEAD "<action label=\"top\"><Wait>1</Wait></action>" TAIL, "3:21",
                  "unknown element <Wait>");
    /* In an <action> libbulletml runs every child as a command (a bullet fires;
     * probe bullet_command.xml): anything else crashes it. */
    bulletml_unload(check_loads(HEAD "<action label=\"top\"><bullet/><bulletRef label=\"b\"/>"
                                     "</action><bullet label=\"b\"/>" TAIL));
    check_refused(HEAD "<action label=\"top\"><speed>1</speed></action>" TAIL, "3:21",
                  "<speed> is not allowed in <action>: libbulletml runs every child of an "
                  "<action> as a command, and <speed> is not one: it crashes (SIGSEGV)");
    check_refused(HEAD "<action label=\"top\"><wait><term>1</term></wait></action>" TAIL, "3:27",
                  "holds a number");
    check_refused(HEAD "<action label=\"top\"><bulletml/></action>" TAIL, "3:21",
                  "<bulletml> is not allowed in <action>");
    /* Children out of order: anything after the body of a fire or a repeat. */
    check_refused(HEAD "<action label=\"top\"><fire><bullet/><speed>1</speed></fire></action>" TAIL,
                  "3:36", "<speed> after the <bullet> of a <fire>");
    check_refused(HEAD "<action label=\"top\"><repeat><action/><times>2</times></repeat>"
                       "</action>" TAIL,
                  "3:38",
                  "<times> after the <action> of a <repeat>: libbulletml runs what "
                  "follows the <action> as commands, and <times> is not one: it crashes");
    CHECK(!has_diag("3:21", "error", "needs a <times>"));
    /* Missing parts. */
    check_refused(HEAD "<action label=\"top\"><repeat><action/></repeat></action>" TAIL, "3:21",
                  "<repeat> needs a <times>");
    check_refused(HEAD "<action label=\"top\"><repeat><times>2</times></repeat></action>" TAIL,
                  "3:21", "needs an <action> or an <actionRef>");
    check_refused(HEAD "<action label=\"top\"><fire><direction>1</direction></fire></action>" TAIL,
                  "3:21", "needs a <bullet> or a <bulletRef>");
    check_refused(HEAD "<action label=\"top\"><changeDirection><term>1</term>"
                       "</changeDirection></action>" TAIL,
                  "3:21", "<changeDirection> needs a <direction>");
    check_refused(HEAD "<action label=\"top\"><changeSpeed><speed>1</speed></changeSpeed>"
                       "</action>" TAIL,
                  "3:21", "<changeSpeed> needs a <term>");
    check_refused(HEAD "<action label=\"top\"><accel><horizontal>1</horizontal></accel>"
                       "</action>" TAIL,
                  "3:21", "<accel> needs a <term>");
    /* Text where libbulletml stops reading children. */
    check_refused(HEAD "<action label=\"top\"><fire>5<bullet/></fire></action>" TAIL, "3:27",
                  "text is not allowed in <fire>");
    check_refused(HEAD "<action label=\"top\"><wait>1<!-- x -->0</wait></action>" TAIL, "3:38",
                  "a comment splits the number");
    /* Depth. */
    char deep[4096] = HEAD "<action label=\"top\">";
    for (int i = 0; i < 70; i++)
        strcat(deep, "<action>");
    check_refused(deep, "3:517", "nested more than 64 deep");
}

/* libbulletml runs the children after a fire's or a repeat's body as commands, and
 * never the commands before it or a bullet's other children: they load (BULLETML.md
 * 4.3; probes after_body.xml and bullet_stray.xml). */
static void test_commands_after_body(void)
{
    bulletml_doc *doc =
        check_loads(HEAD "<action label=\"top\"><repeat><times>2</times><actionRef label=\"a\"/>"
                         "<actionRef label=\"a\"/><wait>1</wait></repeat>\n"
                         "<fire><bullet/><wait>1</wait><fire><bullet/></fire><vanish/></fire>\n"
                         "<fire><bulletRef label=\"b\"/><bullet/><actionRef label=\"a\"/></fire>\n"
                         "<fire><bullet><wait>3</wait><fire><bullet/></fire></bullet></fire>"
                         "</action>\n"
                         "<action label=\"a\"/><bullet label=\"b\"/>" TAIL);
    CHECK_EQ_INT(diags.errors, 0);
    CHECK(has_diag("5:7", "warning", "<bulletRef> before the <bullet> of a <fire> never runs"));
    CHECK(has_diag("6:15", "warning", "<wait> in a <bullet> never runs"));
    CHECK(has_diag("6:29", "warning", "<fire> in a <bullet> never runs"));
    CHECK(doc && bulletml_node_body(doc, 2) == 4);
    bulletml_unload(doc);
    /* Elsewhere libbulletml reads what it uses by name and ignores the rest (a ref
     * there need not name anything); a second <speed> is ignored, the first used. */
    doc = check_loads(HEAD "<wait>1</wait><actionRef label=\"nope\"/>\n"
                           "<action label=\"top\"><fire><times>1</times><speed>1</speed>"
                           "<speed>2</speed><bullet/></fire>\n"
                           "<changeSpeed><fire><bullet/></fire><speed>1</speed><term>1</term>"
                           "</changeSpeed></action>" TAIL);
    CHECK(has_diag("3:1", "warning", "<wait> in a <bulletml> never runs"));
    CHECK(has_diag("3:15", "warning", "<actionRef> in a <bulletml> never runs"));
    CHECK(has_diag("4:27", "warning", "<times> in a <fire> never runs"));
    CHECK(has_diag("4:59", "warning", "a second <speed> in <fire> never runs"));
    CHECK(has_diag("5:14", "warning", "<fire> in a <changeSpeed> never runs"));
    bulletml_unload(doc);
    /* What follows the body and is not a command crashes libbulletml. */
    check_refused(HEAD "<action label=\"top\"><fire><bullet/><direction>1</direction></fire>"
                       "</action>" TAIL,
                  "3:36", "it crashes (SIGSEGV); move it before the <bullet>");
    /* A bullet there fires one more (probe bullet_command.xml). */
    bulletml_unload(check_loads(HEAD "<action label=\"top\"><fire><bullet/><bullet/>"
                                     "<bulletRef label=\"b\"/></fire></action>"
                                     "<bullet label=\"b\"/>" TAIL));
}

static void test_attribute_errors(void)
{
    check_refused(HEAD "<action label=\"top\"><wait label=\"w\">1</wait></action>" TAIL, "3:21",
                  "<wait> cannot have a label");
    check_refused(HEAD "<action label=\"top\"><fire><direction type=\"none\">1</direction>"
                       "<bullet/></fire></action>" TAIL,
                  "3:27", "invalid type 'none' on <direction>");
    check_refused(HEAD "<action label=\"top\"><actionRef/></action>" TAIL, "3:21",
                  "<actionRef> needs a label");
    /* Valid but meaningless attributes load with a warning. */
    bulletml_doc *doc = check_loads(HEAD "<action label=\"top\" type=\"aim\" x=\"1\">"
                                         "<changeSpeed><speed type=\"aim\">1</speed><term>1</term>"
                                         "</changeSpeed></action>" TAIL);
    CHECK(has_diag("3:1", "warning", "type has no effect on <action>"));
    CHECK(has_diag("3:1", "warning", "attribute 'x' on <action> is ignored"));
    CHECK(has_diag("3:51", "warning", "'aim' on <speed> means absolute"));
    bulletml_unload(doc);
}

static void test_reference_errors(void)
{
    check_refused(HEAD "<action label=\"top\">\n  <actionRef label=\"nope\"/>\n</action>" TAIL,
                  "4:3", "actionRef 'nope' names no <action>");
    check_refused(HEAD "<action label=\"top\"><fire><bulletRef label=\"a\"/></fire></action>\n"
                       "<action label=\"a\"/>" TAIL,
                  "3:27", "'a' is a <action>");
    check_refused(HEAD "<action label=\"top\"><actionRef label=\"in\"/></action>\n"
                       "<action label=\"out\"><action label=\"in\"/><wait>1</wait></action>" TAIL,
                  "3:21", "nested inside another element");
    check_refused(HEAD "<action label=\"top\"><wait>1</wait></action>\n"
                       "<action label=\"top2\"><actionRef label=\"top\"/></action>" TAIL,
                  "4:22", "names an entry point");
    check_refused(HEAD
                  "<action label=\"top\"><action label=\"topinner\"/><wait>1</wait></action>" TAIL,
                  "3:21", "the entry point 'topinner' is inside <action>");
    /* A recursion loads: the definitions that reach it are endless (their refs never
     * return), and add no call depth. */
    bulletml_doc *rec = check_loads(HEAD "<action label=\"top\"><actionRef label=\"a\"/></action>\n"
                                         "<action label=\"a\"><wait>1</wait><actionRef "
                                         "label=\"h\"/><actionRef label=\"b\"/></action>\n"
                                         "<action label=\"b\"><actionRef label=\"a\"/></action>\n"
                                         "<action label=\"h\"><actionRef label=\"h2\"/></action>\n"
                                         "<action label=\"h2\"><wait>1</wait></action>" TAIL);
    if (rec) {
        CHECK(rec->endless[1] && rec->endless[3] && rec->endless[7] && !rec->endless[9] &&
              !rec->endless[11]);
        CHECK_EQ_INT(rec->max_ref_depth, 2); /* a's call of h, h's of h2 */
    }
    bulletml_unload(rec);
    /* A ref to an entry point that never returns (libbulletml's early end of a return
     * from one never comes): it loads. */
    rec = check_loads(HEAD "<action label=\"top\"><wait>1</wait><actionRef label=\"top\"/>"
                           "</action>\n"
                           "<action label=\"top2\"><actionRef label=\"top\"/></action>" TAIL);
    CHECK(rec && rec->endless[1] && rec->endless[4]);
    bulletml_unload(rec);
    /* A recursion through 120 definitions, each nesting its ref 60 actions deep,
     * loads (and the walks' C stack holds it, under ASan too); through 140, the
     * chain is too long. */
    for (int n = 120; n <= 140; n += 20) {
        static char chain[1 << 20];
        size_t len = (size_t)snprintf(chain, sizeof chain,
                                      HEAD "<action label=\"top\"><actionRef label=\"d0\"/>"
                                           "</action>\n");
        for (int i = 0; i < n; i++) {
            len += (size_t)snprintf(chain + len, sizeof chain - len, "<action label=\"d%d\">", i);
            for (int k = 0; k < 60; k++)
                len += (size_t)snprintf(chain + len, sizeof chain - len, "<action>");
            len += (size_t)snprintf(chain + len, sizeof chain - len,
                                    "<wait>1</wait><actionRef label=\"d%d\"/>", (i + 1) % n);
            for (int k = 0; k < 61; k++)
                len += (size_t)snprintf(chain + len, sizeof chain - len, "</action>");
            len += (size_t)snprintf(chain + len, sizeof chain - len, "\n");
        }
        snprintf(chain + len, sizeof chain - len, TAIL);
        rec = load(chain);
        CHECK_EQ_INT(rec != NULL, n == 120);
        if (!rec)
            CHECK(has_diag("130:516", "error", "references chained more than 128 deep"));
        bulletml_unload(rec);
    }
    /* A cycle of 40 definitions is no deeper than one. */
    char ring[8192] = HEAD "<action label=\"top\"><actionRef label=\"r0\"/></action>\n";
    for (int i = 0; i < 40; i++) {
        char def[128];
        snprintf(def, sizeof def,
                 "<action label=\"r%d\"><wait>1</wait><actionRef label=\"r%d\"/></action>\n", i,
                 (i + 1) % 40);
        strcat(ring, def);
    }
    strcat(ring, TAIL);
    rec = check_loads(ring);
    if (rec)
        CHECK_EQ_INT(rec->max_ref_depth, 0);
    bulletml_unload(rec);
    check_refused(HEAD "<action label=\"top\"><actionRef label=\"r\">"
                       "<param>1</param><param>2</param><param>3</param><param>4</param>"
                       "<param>5</param><param>6</param><param>7</param><param>8</param>"
                       "<param>9</param><param>10</param></actionRef></action>\n"
                       "<action label=\"r\"/>" TAIL,
                  "3:186", "more than 9 <param>");
    /* Refs one inside another: 16 load (the VM's call depth), 17 do not. */
    for (int depth = 16; depth <= 17; depth++) {
        char chain[4096] = HEAD "<action label=\"top\"><actionRef label=\"a1\"/></action>\n";
        for (int i = 1; i <= depth; i++) {
            char def[128];
            if (i < depth)
                snprintf(def, sizeof def,
                         "<action label=\"a%d\"><actionRef label=\"a%d\"/></action>\n", i, i + 1);
            else
                snprintf(def, sizeof def, "<action label=\"a%d\"><wait>1</wait></action>\n", i);
            strcat(chain, def);
        }
        strcat(chain, TAIL);
        bulletml_doc *deep = load(chain);
        CHECK_EQ_INT(deep != NULL, depth == 16);
        if (deep)
            CHECK_EQ_INT(deep->max_ref_depth, 16);
        else
            CHECK(has_diag("19:21", "error", "references nested more than 16 deep"));
        bulletml_unload(deep);
    }
    /* A bullet firing itself is a spawn chain, not a recursion: it loads. */
    bulletml_doc *doc = check_loads(HEAD "<action label=\"top\"><fire><bulletRef label=\"b\"/>"
                                         "</fire></action>\n"
                                         "<bullet label=\"b\"><action><wait>5</wait><fire>"
                                         "<bulletRef label=\"b\"/></fire></action></bullet>" TAIL);
    bulletml_unload(doc);
}

static void test_number_errors(void)
{
    check_refused(HEAD "<action label=\"top\"><wait></wait></action>" TAIL, "3:21",
                  "<wait> is empty");
    check_refused(HEAD "<action label=\"top\"><wait>  \n </wait></action>" TAIL, "3:21",
                  "<wait> is empty");
    check_refused(HEAD "<action label=\"top\"><wait>\n  10 +\n  5 % 3</wait></action>" TAIL, "5:5",
                  "modulo");
    check_refused(HEAD "<action label=\"top\"><wait>10 +</wait></action>" TAIL, "3:31",
                  "in <wait>: expression ends");
    check_refused(HEAD "<action label=\"top\"><wait>1e3</wait></action>" TAIL, "3:28", "exponent");
    check_refused(HEAD "<action label=\"top\"><wait>$10</wait></action>" TAIL, "3:27", "$1 to $9");
    check_refused(HEAD "<action label=\"top\"><wait>-(-2)</wait></action>" TAIL, "3:27",
                  "double negation");
    check_refused(HEAD "<action label=\"top\"><wait>1/0</wait></action>" TAIL, "3:28",
                  "division by zero");
    check_refused(HEAD "<action label=\"top\"><wait>10000000000</wait></action>" TAIL, "3:21",
                  "out of range");
    check_refused(HEAD "<action label=\"top\"><repeat><times>-3000000000</times><action/>"
                       "</repeat></action>" TAIL,
                  "3:29", "<times> -3000000000 is out of range");
    check_refused(HEAD "<action label=\"top\"><fire><direction>2000000000</direction><bullet/>"
                       "</fire></action>" TAIL,
                  "3:27", "<direction> 2000000000 is out of range");
    /* Not constant: checked by the engine at run time, not here. */
    bulletml_doc *doc =
        check_loads(HEAD "<action label=\"top\"><wait>1/$rank</wait>"
                         "<repeat><times>0</times><action/></repeat></action>" TAIL);
    CHECK(has_diag("3:49", "warning", "runs the body once anyway"));
    bulletml_unload(doc);
}

static void test_diag_limit(void)
{
    /* 40 errors: 32 kept as text, all counted. */
    char text[4096] = HEAD "<action label=\"top\">";
    for (int i = 0; i < 40; i++)
        strcat(text, "<nope/>");
    strcat(text, "</action>" TAIL);
    CHECK(load(text) == NULL);
    CHECK_EQ_INT(diags.errors, 40);
    CHECK_EQ_INT(diags.kept, BULLETML_DIAG_KEEP);
    /* The source line and a caret under the column. */
    CHECK(load(HEAD "<action label=\"top\">\n\t<nope/></action>" TAIL) == NULL);
    CHECK_STR_CONTAINS(diags.items[0].text, "t.xml:4:2: unknown element <nope>");
    CHECK_STR_CONTAINS(diags.items[0].text, "\n    \t<nope/></action></bulletml>\n    \t^");
}

static void test_missing_file(void)
{
    bulletml_doc *doc = bulletml_load_file("/nonexistent/x.xml", &diags);
    CHECK(doc == NULL);
    CHECK_EQ_INT(diags.errors, 1);
    CHECK_STR_CONTAINS(diags.items[0].text, "/nonexistent/x.xml: cannot open: ");
    CHECK(strstr(diags.items[0].message, "/nonexistent/x.xml") == NULL);
}

/* Every allocation of a load fails in turn: each failure is reported and leaks nothing. */
static void test_out_of_memory(void)
{
    const char *text = HEAD "<action label=\"top\"><repeat><times>3</times><action>"
                            "<fire><direction type=\"sequence\">$rand*10</direction>"
                            "<bulletRef label=\"b\"><param>2</param></bulletRef></fire>"
                            "<wait>5</wait></action></repeat></action>\n"
                            "<bullet label=\"b\"><speed>$1</speed><action><vanish/></action>"
                            "</bullet>" TAIL;
    int64_t live = mem_live_blocks();
    int succeeded = 0, refused = 0;
    for (uint64_t n = 1; n < 10000 && !succeeded; n++) {
        mem_fail_at(n);
        bulletml_doc *doc = load(text);
        mem_fail_at(0);
        if (doc) {
            succeeded = 1;
            bulletml_unload(doc);
        } else {
            refused++;
            CHECK(diags.errors > 0 && strstr(diags.items[0].text, "out of memory"));
            if (diags.kept > 0 && !strstr(diags.items[0].text, "out of memory"))
                fprintf(stderr, "  allocation %d: %s\n", (int)n, diags.items[0].text);
        }
        CHECK_EQ_INT(mem_live_blocks(), live);
    }
    CHECK(succeeded);
    CHECK(refused > 5);
}

int main(void)
{
    test_xml_layer();
    test_horizontal();
    test_labels();
    test_entry_points();
    test_depths();
    test_encodings();
    test_xml_errors();
    test_structure_errors();
    test_commands_after_body();
    test_attribute_errors();
    test_reference_errors();
    test_number_errors();
    test_diag_limit();
    test_missing_file();
    test_out_of_memory();
    return check_done("pattern.bulletml");
}
