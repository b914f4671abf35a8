/*
 * tsrun: runs a ThrottleScope scenario's workload inside a small VM and prints the recording in
 * the format of `throttlescope record` on stdout (the serial console). The plan comes from
 * `java -jar throttlescope.jar record --plan SCENARIO` (one line per cgroup, task and step).
 * Steps: U ns (busy loop in user mode), K ns (one read() of /dev/zero in the kernel), S ns (sleep),
 * T ns (a sleep inside a syscall: a blocking read() of a timerfd),
 * C (fork + wait: the read side of cgroup_threadgroup_rwsem), P (write own pid to cgroup.procs:
 * the write side), L n / E (loop n times, -1 forever), X ns (exit after ns of kernel work). Timed
 * actions (`action K AT_NS W CGROUP FILE VALUE`, `action K AT_NS M TASK CGROUP`, `action K AT_NS A TASK
 * CPU_MASK`: K the scenario's action index, TASK the task's, in the order of their times) are made by the parent at their times, each framed by two
 * trace_marker lines as `throttlescope record` frames them (docs/real-kernels.md, "Timed actions").
 * Build: gcc -O2 -static -o tsrun tsrun.c
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <sys/utsname.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAXT 64
#define MAXS 4096
#define MAXG 32
#define TR "/sys/kernel/tracing"
#define CG "/sys/fs/cgroup"

struct step { char op; long long arg; };
struct task { char name[16]; char cgroup[256]; unsigned long long mask; long long start; struct step s[MAXS]; int n; };
struct group { char path[256]; long long quota, period, burst; int weight; };
struct action { int index; long long at; char op; int task; char cgroup[256], file[64], value[128]; unsigned long long mask;
                long long began, returned; int err; };
#define MAXA 64
static struct action actions[MAXA];
static int nactions;

static struct task tasks[MAXT];
static struct group groups[MAXG];
static int ntasks, ngroups, cpus = 1;
static long long duration = 400000000LL;
static double loops_per_ns, bytes_per_ns;
static char *buf;
static size_t bufsize;
static int zero = -1;
static volatile unsigned long long sinkv;
/* per task and plan step: runs and thread CPU ns (a sleep: wall ns), in memory shared with the children (the recording's recorded_work) */
static long long (*wruns)[MAXS], (*wcpu)[MAXS];
/* the calling thread's run_delay (ns waited runnable), from /proc/thread-self/schedstat opened by it; 0 without schedstat */
static int statfd = -1;
static long long run_delay(void) {
    char b[96]; long long cpu = 0, delay = 0;
    if (statfd < 0) return 0;
    ssize_t n = pread(statfd, b, sizeof b - 1, 0);
    if (n <= 0) return 0;
    b[n] = 0;
    if (sscanf(b, "%lld %lld", &cpu, &delay) != 2) return 0;
    return delay;
}
static long long thread_cpu(void) { struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec * 1000000000LL + t.tv_nsec; }
static long hung_timeout = -1, hung_interval = -1;     /* the guest's hung-task detector, from the plan (-1: left alone) */

static long read_long(const char *path) {
    FILE *f = fopen(path, "r"); long v = -1;
    if (f) { if (fscanf(f, "%ld", &v) != 1) v = -1; fclose(f); }
    return v;
}

/* prints s as a JSON string */
static void json_str(const char *s) {
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') { putchar('\\'); putchar(c); }
        else if (c < 0x20) printf("\\u%04x", c);
        else putchar(c);
    }
    putchar('"');
}

/* the kernel log's hung-task reports ("INFO: task NAME:PID blocked for more than N seconds."), as a JSON array */
static void print_hung_reports(void) {
    int n = klogctl(10, NULL, 0);               /* SYSLOG_ACTION_SIZE_BUFFER */
    if (n <= 0) n = 1 << 20;
    char *log = malloc(n + 1);
    int got = klogctl(3, log, n);               /* SYSLOG_ACTION_READ_ALL */
    int first = 1;
    putchar('[');
    if (got > 0) {
        log[got] = 0;
        for (char *l = strtok(log, "\n"); l; l = strtok(NULL, "\n")) {
            if (!strstr(l, "blocked for more than") && !strstr(l, "hung task")) continue;
            if (l[0] == '<') { char *e = strchr(l, '>'); if (e) l = e + 1; }
            if (!first) putchar(',');
            json_str(l);
            first = 0;
        }
    }
    putchar(']');
    free(log);
}

static long long now_ns(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1000000000LL + t.tv_nsec; }

/* a write that says whether the kernel took it: 0, or the errno */
static int put_err(const char *path, const char *v) {
    int fd = open(path, O_WRONLY);
    if (fd < 0) return errno;
    int e = write(fd, v, strlen(v)) < 0 ? errno : 0;
    close(fd);
    return e;
}

static void put(const char *path, const char *v) {
    int fd = open(path, O_WRONLY);
    if (fd < 0) { fprintf(stderr, "tsrun: open %s: %s\n", path, strerror(errno)); return; }
    if (write(fd, v, strlen(v)) < 0) fprintf(stderr, "tsrun: write %s <- %s: %s\n", path, v, strerror(errno));
    close(fd);
}

static void spin(long long loops) { unsigned long long x = 0; for (long long i = 0; i < loops; i++) x += i ^ (x >> 3); sinkv = x; }

static void kread(long long ns) {
    size_t n = (size_t)(ns * bytes_per_ns);
    if (n < 1) n = 1;
    if (n > bufsize) n = bufsize;
    if (read(zero, buf, n) < 0) perror("read");
}

static void calibrate(long long max_kernel_ns) {
    long long n = 1 << 20, best = -1;
    for (int i = 0; i < 3; i++) spin(n);
    for (int i = 0; i < 5; i++) { long long t = now_ns(); spin(n * 8); t = now_ns() - t; if (best < 0 || t < best) best = t; }
    loops_per_ns = (double)n * 8 / best;
    zero = open("/dev/zero", O_RDONLY);
    size_t probe = 16 << 20;
    char *p = malloc(probe);
    memset(p, 1, probe);
    best = -1;
    for (int i = 0; i < 5; i++) { long long t = now_ns(); if (read(zero, p, probe) < 0) perror("read"); t = now_ns() - t; if (best < 0 || t < best) best = t; }
    free(p);
    bytes_per_ns = (double)probe / best;
    bufsize = (size_t)(max_kernel_ns * bytes_per_ns);
    if (bufsize < 4096) bufsize = 4096;
    if (bufsize > (1UL << 30)) bufsize = 1UL << 30;
    buf = malloc(bufsize);
    memset(buf, 1, bufsize);
    /* large reads run slower than the 16 MiB probe (caches, TCG): measure with the buffer itself */
    best = -1;
    for (int i = 0; i < 2; i++) { long long t = now_ns(); if (read(zero, buf, bufsize) < 0) perror("read"); t = now_ns() - t; if (best < 0 || t < best) best = t; }
    if (best > 0) bytes_per_ns = (double)bufsize / best;
    fprintf(stderr, "tsrun: %.3f loops/ns, %.3f bytes/ns, read buffer %zu MiB\n", loops_per_ns, bytes_per_ns, bufsize >> 20);
}

static void run(struct task *t, int from, int to, const char *procs) {
    int ti = (int)(t - tasks);
    for (int i = from; i < to; i++) {
        struct step *s = &t->s[i];
        int sleeps = s->op == 'S' || s->op == 'T';
        long long c0 = thread_cpu(), w0 = sleeps ? now_ns() : 0, d0 = sleeps ? run_delay() : 0;
        switch (s->op) {
        case 'U': spin((long long)(s->arg * loops_per_ns)); break;
        case 'K': kread(s->arg); break;
        case 'S': { struct timespec ts = { s->arg / 1000000000LL, s->arg % 1000000000LL }; nanosleep(&ts, NULL); break; }
        case 'T': {   /* a sleep inside a syscall: a blocking read() of a timerfd, which the kernel's timer completes */
            int fd = timerfd_create(CLOCK_MONOTONIC, 0);
            struct itimerspec it = { {0, 0}, { s->arg / 1000000000LL, s->arg % 1000000000LL } };
            unsigned long long n;
            if (fd >= 0 && s->arg > 0 && timerfd_settime(fd, 0, &it, NULL) == 0 && read(fd, &n, sizeof n) < 0) perror("timerfd");
            if (fd >= 0) close(fd);
            break;
        }
        case 'C': { pid_t c = fork(); if (c == 0) _exit(0); break; }   /* the clone itself; SIGCHLD is ignored, so no wait */
        case 'P': { char v[32]; snprintf(v, sizeof v, "%d", getpid()); put(procs, v); break; }
        case 'X': kread(s->arg); wruns[ti][i]++; wcpu[ti][i] += thread_cpu() - c0; _exit(0);
        case 'L': {
            int depth = 0, j = i + 1;
            for (; j < to; j++) { if (t->s[j].op == 'L') depth++; else if (t->s[j].op == 'E') { if (depth == 0) break; depth--; } }
            for (long long k = 0; s->arg < 0 || k < s->arg; k++) run(t, i + 1, j, procs);
            i = j;
            break;
        }
        default: break;
        }
        if (s->op == 'U' || s->op == 'K' || s->op == 'C' || s->op == 'P') { wruns[ti][i]++; wcpu[ti][i] += thread_cpu() - c0; }
        else if (sleeps) { wruns[ti][i]++; wcpu[ti][i] += now_ns() - w0 - (run_delay() - d0); }   /* a sleep: how long it slept, less waiting for a CPU */
    }
}

static void cgpath(char *out, size_t n, const char *g);
static char stats[MAXG][2048], stats_start[MAXG][2048];

/* every group's cpu.stat (and cpu.stat.local's throttled_usec) as JSON members */
static void read_stats(char out[MAXG][2048]) {
    for (int i = 0; i < ngroups; i++) {
        char p[512], f[600], k[64]; long long v; int first = 1, o = 0;
        out[i][0] = 0;
        cgpath(p, sizeof p, groups[i].path);
        snprintf(f, sizeof f, "%s/cpu.stat", p);
        FILE *s = fopen(f, "r");
        while (s && fscanf(s, "%63s %lld", k, &v) == 2) { o += snprintf(out[i] + o, sizeof out[i] - o, "%s\"%s\":%lld", first ? "" : ",", k, v); first = 0; }
        if (s) fclose(s);
        snprintf(f, sizeof f, "%s/cpu.stat.local", p);
        s = fopen(f, "r");
        while (s && fscanf(s, "%63s %lld", k, &v) == 2) if (!strcmp(k, "throttled_usec")) { o += snprintf(out[i] + o, sizeof out[i] - o, "%s\"local_throttled_usec\":%lld", first ? "" : ",", v); first = 0; }
        if (s) fclose(s);
    }
}

/* scenario cgroup "/" is the real root (cgroup v2 keeps processes out of cgroups that have controllers for children) */
static void cgpath(char *out, size_t n, const char *g) {
    if (strcmp(g, "/") == 0) snprintf(out, n, CG);
    else snprintf(out, n, CG "/throttlescope%s", g);
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: tsrun PLAN SCENARIO.json\n"); return 2; }
    FILE *pf = fopen(argv[1], "r");
    if (!pf) { perror(argv[1]); return 1; }
    char line[1024];
    struct task *cur = NULL;
    long long maxk = 1000000;
    while (fgets(line, sizeof line, pf)) {
        char op[16];
        if (sscanf(line, "%15s", op) != 1) continue;
        if (!strcmp(op, "cpus")) sscanf(line, "%*s %d", &cpus);
        else if (!strcmp(op, "duration_ns")) sscanf(line, "%*s %lld", &duration);
        else if (!strcmp(op, "hung_task")) sscanf(line, "%*s %ld %ld", &hung_timeout, &hung_interval);
        else if (!strcmp(op, "cgroup") && ngroups < MAXG) { struct group *g = &groups[ngroups++]; sscanf(line, "%*s %255s %lld %lld %lld %d", g->path, &g->quota, &g->period, &g->burst, &g->weight); }
        else if (!strcmp(op, "task") && ntasks < MAXT) { cur = &tasks[ntasks++]; sscanf(line, "%*s %15s %255s %llu %lld", cur->name, cur->cgroup, &cur->mask, &cur->start); }
        else if (!strcmp(op, "action") && nactions < MAXA) {
            struct action *a = &actions[nactions++];
            char c = 0;
            sscanf(line, "%*s %d %lld %c", &a->index, &a->at, &c);
            a->op = c;
            if (c == 'W') sscanf(line, "%*s %*d %*d %*c %255s %63s %127[^\n]", a->cgroup, a->file, a->value);
            else if (c == 'M') sscanf(line, "%*s %*d %*d %*c %d %255s", &a->task, a->cgroup);
            else if (c == 'A') sscanf(line, "%*s %*d %*d %*c %d %llu", &a->task, &a->mask);
        }
        else if (!strcmp(op, "step") && cur && cur->n < MAXS) {
            struct step *s = &cur->s[cur->n++];
            char c; long long a = 0;
            sscanf(line, "%*s %c %lld", &c, &a);
            s->op = c; s->arg = a;
            if ((c == 'K' || c == 'X') && a * 3 / 2 > maxk) maxk = a * 3 / 2;
        }
    }
    fclose(pf);
    mkdir(CG, 0755);
    mount("cgroup2", CG, "cgroup2", 0, NULL);
    mount("tracefs", TR, "tracefs", 0, NULL);
    put(CG "/cgroup.subtree_control", "+cpu");
    mkdir(CG "/throttlescope", 0755);
    put(CG "/throttlescope/cgroup.subtree_control", "+cpu");
    for (int i = 0; i < ngroups; i++) {
        char p[512], f[600], v[64];
        cgpath(p, sizeof p, groups[i].path);
        mkdir(p, 0755);
        snprintf(f, sizeof f, "%s/cgroup.subtree_control", p); put(f, "+cpu");
        if (groups[i].quota >= 0) snprintf(v, sizeof v, "%lld %lld", groups[i].quota, groups[i].period); else snprintf(v, sizeof v, "max %lld", groups[i].period);
        snprintf(f, sizeof f, "%s/cpu.max", p); put(f, v);
        if (groups[i].burst > 0) { snprintf(f, sizeof f, "%s/cpu.max.burst", p); snprintf(v, sizeof v, "%lld", groups[i].burst); put(f, v); }
        snprintf(f, sizeof f, "%s/cpu.weight", p); snprintf(v, sizeof v, "%d", groups[i].weight); put(f, v);
    }
    if (hung_timeout >= 0) {                    /* the scenario's hung-task detector (the kernel counts in seconds) */
        char v[32];
        snprintf(v, sizeof v, "%ld", hung_timeout); put("/proc/sys/kernel/hung_task_timeout_secs", v);
        snprintf(v, sizeof v, "%ld", hung_interval); put("/proc/sys/kernel/hung_task_check_interval_secs", v);
    }
    long hung_warnings = read_long("/proc/sys/kernel/hung_task_warnings");
    calibrate(maxk);
    static const char *events[] = {"sched/sched_switch", "sched/sched_wakeup", "sched/sched_wakeup_new", "sched/sched_migrate_task",
        "sched/sched_process_fork", "sched/sched_process_exit", "sched/sched_process_hang", "raw_syscalls/sys_enter", "raw_syscalls/sys_exit",
        "cgroup/cgroup_attach_task", NULL};
    put(TR "/buffer_size_kb", "16384");
    for (int i = 0; events[i]; i++) { char f[256]; snprintf(f, sizeof f, TR "/events/%s/enable", events[i]); put(f, "1"); }
    int fd = open(TR "/kprobe_events", O_WRONLY | O_APPEND);
    if (fd >= 0) {
        const char *k = "p:throttle_cfs_rq throttle_cfs_rq\n"; if (write(fd, k, strlen(k)) < 0) perror("kprobe");
        k = "p:unthrottle_cfs_rq unthrottle_cfs_rq\n"; if (write(fd, k, strlen(k)) < 0) perror("kprobe");
        close(fd);
        put(TR "/events/kprobes/throttle_cfs_rq/enable", "1");
        put(TR "/events/kprobes/unthrottle_cfs_rq/enable", "1");
    }
    wruns = mmap(NULL, sizeof(long long) * MAXT * MAXS, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    wcpu = mmap(NULL, sizeof(long long) * MAXT * MAXS, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (wruns == MAP_FAILED || wcpu == MAP_FAILED) { perror("mmap"); return 1; }
    int go[MAXT][2], ready[2];
    pid_t pids[MAXT];
    if (pipe(ready) < 0) { perror("pipe"); return 1; }
    for (int i = 0; i < ntasks; i++) {
        if (pipe(go[i]) < 0) { perror("pipe"); return 1; }
        pids[i] = fork();
        if (pids[i] == 0) {
            struct task *t = &tasks[i];
            char p[512], procs[600], v[32];
            prctl(PR_SET_NAME, t->name, 0, 0, 0);
            statfd = open("/proc/thread-self/schedstat", O_RDONLY);
            /* our own pages (the parent's would be copied on write by every read()), sized for this task's own
               longest kernel step: a forker holds little memory, so its fork() is quick, as the scenario's clone is */
            long long mine = 0;
            for (int j = 0; j < t->n; j++) if ((t->s[j].op == 'K' || t->s[j].op == 'X') && t->s[j].arg * 3 / 2 > mine) mine = t->s[j].arg * 3 / 2;
            size_t want = (size_t)(mine * bytes_per_ns);
            if (want < 4096) want = 4096;
            if (want < bufsize) bufsize = want;
            free(buf);
            buf = malloc(bufsize);
            memset(buf, 1, bufsize);
            cpu_set_t set; CPU_ZERO(&set);
            for (int c = 0; c < 64; c++) if (t->mask & (1ULL << c)) CPU_SET(c, &set);
            sched_setaffinity(0, sizeof set, &set);
            cgpath(p, sizeof p, t->cgroup);
            snprintf(procs, sizeof procs, "%s/cgroup.procs", p);
            (void)v;                        /* the parent moves it into its cgroup, after every task is ready */
            char b;
            signal(SIGCHLD, SIG_IGN);
            close(go[i][1]);
            if (write(ready[1], "r", 1) != 1) _exit(1);   /* prepared: named, pinned, pages touched; the parent moves it into its cgroup */
            if (read(go[i][0], &b, 1) != 1) _exit(1);
            if (t->start > 0) { struct timespec ts = { t->start / 1000000000LL, t->start % 1000000000LL }; nanosleep(&ts, NULL); }
            run(t, 0, t->n, procs);
            _exit(0);
        }
        close(go[i][0]);
    }
    for (int i = 0; i < ntasks; i++) { char b; if (read(ready[0], &b, 1) != 1) { perror("ready"); return 1; } }
    /* one writer, one task at a time, while every task sleeps waiting for "go": moving themselves at once,
       the tasks took cgroup_threadgroup_rwsem's write side against each other and a throttled group's
       readers, and the setup itself piled up for seconds (hung-task reports before the recording began) */
    for (int i = 0; i < ntasks; i++) {
        char p[512], procs[600], v[32];
        if (strcmp(tasks[i].cgroup, "/") == 0) continue;       /* already in the root */
        cgpath(p, sizeof p, tasks[i].cgroup);
        snprintf(procs, sizeof procs, "%s/cgroup.procs", p);
        snprintf(v, sizeof v, "%d", pids[i]);
        put(procs, v);
    }
    read_stats(stats_start);                     /* cpu.stat as the workload starts: the recording counts the difference */
    put(TR "/trace", "");
    put(TR "/tracing_on", "1");
    put(TR "/trace_marker", "throttlescope: the workload starts\n");
    for (int i = 0; i < ntasks; i++) { if (write(go[i][1], "g", 1) != 1) perror("go"); }
    long long start = now_ns(), end = start + duration;
    for (int k = 0; k < nactions; k++) {       /* in the plan's order, which is by time */
        struct action *a = &actions[k];
        if (start + a->at >= end) break;
        struct timespec due = { (start + a->at) / 1000000000LL, (start + a->at) % 1000000000LL };
        clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &due, NULL);
        char m[1400], what[1200], p[512], f[800], v[32];
        if (a->op == 'W') snprintf(what, sizeof what, "write %s %s %s", a->cgroup, a->file, a->value);
        else if (a->op == 'M') snprintf(what, sizeof what, "move %s-%d %s", tasks[a->task].name, pids[a->task], a->cgroup);
        else snprintf(what, sizeof what, "set_affinity %s-%d %llu", tasks[a->task].name, pids[a->task], a->mask);
        snprintf(m, sizeof m, "throttlescope: action %d begins\n", a->index);
        put(TR "/trace_marker", m);
        a->began = now_ns() - start;
        if (a->op == 'W') { cgpath(p, sizeof p, a->cgroup); snprintf(f, sizeof f, "%s/%s", p, a->file); a->err = put_err(f, a->value); }
        else if (a->op == 'M') { cgpath(p, sizeof p, a->cgroup); snprintf(f, sizeof f, "%s/cgroup.procs", p); snprintf(v, sizeof v, "%d", pids[a->task]); a->err = put_err(f, v); }
        else {
            cpu_set_t set; CPU_ZERO(&set);
            for (int c = 0; c < 64; c++) if (a->mask & (1ULL << c)) CPU_SET(c, &set);
            a->err = sched_setaffinity(pids[a->task], sizeof set, &set) < 0 ? errno : 0;
        }
        a->returned = now_ns() - start;
        if (a->err) snprintf(m, sizeof m, "throttlescope: action %d failed: %s: %s\n", a->index, what, strerror(a->err));
        else snprintf(m, sizeof m, "throttlescope: action %d %s\n", a->index, what);
        put(TR "/trace_marker", m);
    }
    while (now_ns() < end) usleep(10000);
    read_stats(stats);                           /* cpu.stat as the trace ends, before the kill */
    put(TR "/trace_marker", "throttlescope: the recording ends\n");
    for (int i = 0; i < ntasks; i++) kill(pids[i], SIGKILL);
    for (int i = 0; i < ntasks; i++) waitpid(pids[i], NULL, 0);
    put(TR "/tracing_on", "0");

    struct utsname u; uname(&u);
    printf("=====THROTTLESCOPE BEGIN=====\n");
    printf("# throttlescope: {\"recorded_by\":\"throttlescope tools/legacy-kernel (tsrun under qemu)\",\"kernel\":\"%s\",\"machine_cpus\":%ld,"
           "\"cpus\":%d,\"cgroup_version\":2,\"duration_ns\":%lld,\"scenario_file\":\"%s\",\"scenario\":", u.release, sysconf(_SC_NPROCESSORS_ONLN),
           cpus, duration, strrchr(argv[2], '/') ? strrchr(argv[2], '/') + 1 : argv[2]);
    { FILE *s = fopen(argv[2], "r"); int c; while (s && (c = fgetc(s)) != EOF) if (c != '\n') putchar(c); if (s) fclose(s); }
    printf(",\"cgroup_map\":{\"root\":\"/throttlescope\",\"cgroups\":{");
    for (int i = 0; i < ngroups; i++) {
        if (groups[i].quota >= 0) printf("%s\"%s\":{\"cpu.max\":\"%lld %lld\"}", i ? "," : "", groups[i].path, groups[i].quota, groups[i].period);
        else printf("%s\"%s\":{\"cpu.max\":\"max %lld\"}", i ? "," : "", groups[i].path, groups[i].period);
    }
    printf("},\"tasks\":{");
    for (int i = 0; i < ntasks; i++) printf("%s\"%s-%d\":\"%s\"", i ? "," : "", tasks[i].name, pids[i], tasks[i].cgroup);
    printf("}},\"cpu_stat\":{");
    for (int i = 0; i < ngroups; i++) printf("%s\"%s\":{%s}", i ? "," : "", groups[i].path, stats[i]);
    printf("},\"cpu_stat_start\":{");
    for (int i = 0; i < ngroups; i++) printf("%s\"%s\":{%s}", i ? "," : "", groups[i].path, stats_start[i]);
    printf("},\"hung_task\":{\"timeout_secs\":%ld,\"check_interval_secs\":%ld,\"warnings\":%ld,\"set_by_record\":%s},\"kernel_log\":",
           read_long("/proc/sys/kernel/hung_task_timeout_secs"), read_long("/proc/sys/kernel/hung_task_check_interval_secs"), hung_warnings,
           hung_timeout >= 0 ? "true" : "false");
    print_hung_reports();
    printf(",\"recorded_work\":[");
    for (int i = 0; i < ntasks; i++) {
        int first = 1;
        printf("%s[", i ? "," : "");
        for (int j = 0; j < tasks[i].n; j++) if (wruns[i][j] > 0) { printf("%s[%d,%lld,%lld]", first ? "" : ",", j, wruns[i][j], wcpu[i][j]); first = 0; }
        printf("]");
    }
    printf("],\"actions\":[");
    for (int k = 0, first = 1; k < nactions; k++) {
        struct action *a = &actions[k];
        if (!a->began && !a->returned) continue;            /* not reached before the end */
        printf("%s{\"index\":%d,\"due_ns\":%lld,\"began_ns\":%lld,\"returned_ns\":%lld%s%s%s}", first ? "" : ",", a->index, a->at, a->began,
               a->returned, a->err ? ",\"error\":\"" : "", a->err ? strerror(a->err) : "", a->err ? "\"" : "");
        first = 0;
    }
    printf("]");
    {   /* the guest's boot options: its preempt= says the preemption model it ran */
        char cmd[1024] = ""; FILE *c = fopen("/proc/cmdline", "r");
        if (c) { if (!fgets(cmd, sizeof cmd, c)) cmd[0] = 0; fclose(c); }
        cmd[strcspn(cmd, "\n")] = 0;
        printf(",\"kernel_cmdline\":"); json_str(cmd);
    }
    printf("}\n");
    FILE *tr = fopen(TR "/trace", "r");
    int on = 0;
    while (tr && fgets(line, sizeof line, tr)) {
        if (line[0] == '#') { fputs(line, stdout); continue; }
        if (strstr(line, "throttlescope: the workload starts")) on = 1;
        if (on) fputs(line, stdout);
        if (strstr(line, "throttlescope: the recording ends")) on = 0;
    }
    if (tr) fclose(tr);
    printf("=====THROTTLESCOPE END=====\n");
    fflush(stdout);
    return 0;
}
