/* stdin_probe.c -- what one C input routine returns, call after call, until it
 * reports the end of input (at most 50 calls).  Evidence for the C dialect's
 * input rules (retro/dialects/c.py); built and run by make_tables.py.
 *
 *   stdin_probe fgets SIZE | gets | scanf [WIDTH] | getchar
 *
 * Each result is printed in brackets, bytes outside printable ASCII as \xNN
 * and a newline as \n; NULL, EOF or scanf's return value ends the line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *gets(char *); /* gone from C11's <stdio.h>, still in glibc */

static char buf[4096];

static void show(void)
{
    size_t i, n = strlen(buf);
    putchar('[');
    for (i = 0; i < n; i++) {
        unsigned char c = buf[i];
        if (c == '\n') printf("\\n");
        else if (c == '\\') printf("\\\\");
        else if (c < 32 || c >= 127) printf("\\x%02x", c);
        else putchar(c);
    }
    printf("] ");
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    int size = argc > 2 ? atoi(argv[2]) : 0, k, r;
    char fmt[16];

    for (k = 0; k < 50; k++) {
        strcpy(buf, "old");
        if (!strcmp(mode, "fgets")) {
            if (!fgets(buf, size, stdin)) { printf("NULL"); break; }
            show();
        } else if (!strcmp(mode, "gets")) {
            if (!gets(buf)) { printf("NULL"); break; }
            show();
        } else if (!strcmp(mode, "scanf")) {
            if (size) sprintf(fmt, "%%%ds", size); else strcpy(fmt, "%s");
            r = scanf(fmt, buf);
            if (r != 1) { printf("%d", r); show(); break; }
            show();
        } else if (!strcmp(mode, "getchar")) {
            r = getchar();
            if (r == EOF) { printf("EOF"); break; }
            printf("%d ", r);
        }
    }
    putchar('\n');
    return 0;
}
