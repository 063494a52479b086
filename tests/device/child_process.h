// Running a case of a test in a child process (the test's own binary,
// re-executed with "--child CASE"), with one environment variable set or
// unset, and collecting its stdout, stderr and exit status.  For tests of
// what ends or logs from a whole program (device_abort, launch_log).
#pragma once

#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <cstdio>
#include <cstdlib>

struct outcome {
    int status;             // as waitpid reports it
    std::string out, err;
};

static std::string slurp(int fd)
{
    std::string s;
    char buf[4096];
    ssize_t n;
    while ((n = read(fd, buf, sizeof(buf))) > 0)
        s.append(buf, static_cast<size_t>(n));
    close(fd);
    return s;
}

// @value nullptr: @var unset in the child.
static outcome run_child(const char* kase, const char* var, const char* value)
{
    int out[2], err[2];
    outcome o{ -1, "", "" };
    char self[4096];
    const ssize_t len = readlink("/proc/self/exe", self, sizeof(self) - 1);
    if (len <= 0 || pipe(out) || pipe(err))
        return o;
    self[len] = 0;
    std::fflush(stdout);
    const pid_t pid = fork();
    if (pid == 0) {
        dup2(out[1], 1);
        dup2(err[1], 2);
        close(out[0]);
        close(err[0]);
        if (value)
            setenv(var, value, 1);
        else
            unsetenv(var);
        // A fresh image: no state of the parent's (its runtime never ran).
        execl(self, self, "--child", kase, static_cast<char*>(nullptr));
        _exit(127);
    }
    close(out[1]);
    close(err[1]);
    // stdout is read to its end first: the child writes far less than a
    // pipe holds to stderr meanwhile.
    o.out = slurp(out[0]);
    o.err = slurp(err[0]);
    waitpid(pid, &o.status, 0);
    return o;
}
