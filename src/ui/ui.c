#include "ui/ui.h"
int ui_main(const ui_config *cfg)
{
    (void)cfg;
    return -1;
}
