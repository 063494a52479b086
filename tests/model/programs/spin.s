// Branches to itself forever: only the watchdog ends it.
s_branch -1
