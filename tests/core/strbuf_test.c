/* strbuf: appends in order, an exact fit is kept, a text that does not fit
 * turns the length to -1 for good and keeps what fitted. */
#include "../check.h"
#include "core/strbuf.h"

#include <string.h>

int main(void)
{
    char out[12];
    int len = 0;
    strbuf_appendf(out, sizeof out, &len, "%s=%d;", "a", 1);
    strbuf_appendf(out, sizeof out, &len, "%s", "bcd");
    CHECK_EQ_INT(len, 7);
    CHECK(strcmp(out, "a=1;bcd") == 0);
    strbuf_appendf(out, sizeof out, &len, "%s", "efgh"); /* 11 chars + NUL: fits exactly */
    CHECK_EQ_INT(len, 11);
    CHECK(strcmp(out, "a=1;bcdefgh") == 0);
    strbuf_appendf(out, sizeof out, &len, "%s", "i"); /* no room for one more */
    CHECK_EQ_INT(len, -1);
    strbuf_appendf(out, sizeof out, &len, "%s", "");
    CHECK_EQ_INT(len, -1); /* stays full */
    CHECK(strcmp(out, "a=1;bcdefgh") == 0);
    return check_done("core.strbuf");
}
