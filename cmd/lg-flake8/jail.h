/*
 * jail.h: the private root and the system call filter of an untrusted run,
 * for sandbox.c.  Both are called in the sandboxed processes, never in
 * lg-flake8 itself.
 *
 * jail_root() is called in new user (or, for root, no user), mount, PID,
 * network, IPC and UTS namespaces, with the capabilities they give.  It
 * makes a small tmpfs on dir (an empty directory) the new root: read-only
 * bind mounts of /usr, /bin, /sbin and /lib* (symbolic links where the
 * system has them), of the interpreter's prefix when it lies elsewhere, of
 * /etc/ld.so.cache and of code as /answer.py; a generated /etc/passwd and
 * /etc/group; /dev/null, zero, full, random and urandom; a /proc of the
 * new PID namespace; and /tmp, a tmpfs of JAIL_TMP bytes, the only place
 * it may write.  Then it pivots into it and detaches the old root.
 *
 * jail_lock() drops every capability (bounding and ambient sets too),
 * becomes nobody (65534) when to_nobody is set (root's runs), sets
 * no_new_privs and installs a seccomp filter that refuses new namespaces
 * (unshare, setns, clone with a CLONE_NEW flag), mounts, pivot_root,
 * chroot, ptrace, keyrings, BPF, io_uring, perf events, userfaultfd and
 * module or kexec loading, and clone3, whose flags it cannot see; and
 * answers ENOSYS to what holds memory outside a process's address space
 * (memfd_create, memfd_secret, System V shared memory, message queues
 * and semaphores), and EAFNOSUPPORT to socketpair and to sockets of any
 * family but AF_INET and AF_INET6, whose buffers would hold memory too.
 *
 * Both return 0, or -1 with errno set and *what naming the step.
 */
#ifndef LG_FLAKE8_JAIL_H
#define LG_FLAKE8_JAIL_H

#define JAIL_TMP (16UL << 20)		/* bytes of /tmp */
#define JAIL_TMP_FILES 4096		/* files in /tmp */
#define JAIL_ANSWER "/answer.py"	/* where the code is seen */

int jail_root(const char *dir, const char *code, const char *python,
    const char **what);
int jail_lock(int to_nobody, const char **what);

#endif
