/* The cost of a random read on this machine (docs/performance.md, "Urim's settling and
 * this machine's memory"): a pointer chase over a random cyclic order of 64-byte lines
 * in buffers of 1 to 256 MB, 20 million dependent loads each; prints nanoseconds a read.
 * With the argument "huge" each buffer is advised MADV_HUGEPAGE first.
 *   gcc -O2 -o memlat tools/memlat.c && ./memlat && ./memlat huge
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>

int main(int argc, char **argv) {
    int huge = argc > 1 && strcmp(argv[1], "huge") == 0;
    const size_t align = 2 << 20, steps = 20000000;
    for (size_t mb = 1; mb <= 256; mb *= 2) {
        size_t n = mb * 1024 * 1024 / 64, bytes = n * 64;
        size_t *a = aligned_alloc(align, (bytes + align - 1) / align * align);
        size_t *order = malloc(n * sizeof *order);
        if (!a || !order) { perror("memlat"); return 1; }
        if (huge) madvise(a, bytes, MADV_HUGEPAGE);
        for (size_t i = 0; i < n; i++) order[i] = i;
        srand(1);
        for (size_t i = n - 1; i > 0; i--) {
            size_t j = (((size_t)rand() << 16) ^ (size_t)rand()) % (i + 1);
            size_t t = order[i]; order[i] = order[j]; order[j] = t;
        }
        /* Line order[i] points to line order[i + 1]: one cycle through every line. */
        for (size_t i = 0; i < n; i++) a[order[i] * 8] = order[(i + 1) % n] * 8;
        size_t p = 0;
        for (size_t i = 0; i < n; i++) p = a[p];
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        for (size_t i = 0; i < steps; i++) p = a[p];
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double ns = (t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec);
        printf("%4zu MB: %6.1f ns a read%s\n", mb, ns / steps, p == (size_t)-1 ? "!" : "");
        free(a);
        free(order);
    }
    return 0;
}
