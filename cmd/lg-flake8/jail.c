/* lg-flake8: the private root and the system call filter (see jail.h). */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <sched.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#include "jail.h"
#include "sandbox.h"

#ifndef AT_RECURSIVE
#define AT_RECURSIVE 0x8000
#endif
#define ATTR_RDONLY 0x1ULL
#define ATTR_NOSUID 0x2ULL
#define ATTR_NODEV 0x4ULL

/* struct mount_attr of mount_setattr(2) */
struct lg_mount_attr {
	uint64_t attr_set, attr_clr, propagation, userns_fd;
};

#define FAIL(step) do { *what = (step); return -1; } while (0)

/* The system's own trees, bound read-only or copied as links. */
static const char *const system_dirs[] = {
	"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"
};
static const char *const devices[] = {
	"null", "zero", "full", "random", "urandom"
};

/* Make a bind mount at dst read-only, nosuid and nodev, submounts too. */
static int
seal(const char *dst, int recursive)
{
	struct statvfs sv;
	unsigned long fl = MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV;

#ifdef SYS_mount_setattr
	{
		struct lg_mount_attr a = { ATTR_RDONLY | ATTR_NOSUID | ATTR_NODEV, 0, 0, 0 };

		if (syscall(SYS_mount_setattr, AT_FDCWD, dst,
		    recursive ? AT_RECURSIVE : 0, &a, sizeof a) == 0)
			return 0;
		if (errno != ENOSYS)
			return -1;
	}
#endif
	/* older kernels: a remount that keeps the flags a user namespace
	 * may not change (the mount itself only; submounts stay) */
	if (statvfs(dst, &sv) < 0)
		return -1;
	if (sv.f_flag & ST_NOEXEC)
		fl |= MS_NOEXEC;
	if (sv.f_flag & ST_NOATIME)
		fl |= MS_NOATIME;
	if (sv.f_flag & ST_NODIRATIME)
		fl |= MS_NODIRATIME;
	if (sv.f_flag & ST_RELATIME)
		fl |= MS_RELATIME;
	return mount(NULL, dst, NULL, fl, NULL);
}

static int
bind_ro(const char *src, const char *dst, int recursive)
{
	if (mount(src, dst, NULL, MS_BIND | (recursive ? MS_REC : 0), NULL) < 0)
		return -1;
	return seal(dst, recursive);
}

/* mkdir -p of root + path; path is absolute. */
static int
make_dirs(const char *root, const char *path)
{
	char p[PATH_MAX];
	size_t r = strlen(root), i;

	if (r + strlen(path) >= sizeof p)
		return errno = ENAMETOOLONG, -1;
	memcpy(p, root, r);
	strcpy(p + r, path);
	for (i = r + 1; p[i] != '\0'; i++) {
		if (p[i] != '/')
			continue;
		p[i] = '\0';
		if (mkdir(p, 0755) < 0 && errno != EEXIST)
			return -1;
		p[i] = '/';
	}
	return mkdir(p, 0755) < 0 && errno != EEXIST ? -1 : 0;
}

static int
put_file(const char *path, const char *s, mode_t mode)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
	size_t n = strlen(s);

	if (fd < 0)
		return -1;
	if (write(fd, s, n) != (ssize_t)n) {
		close(fd);
		return -1;
	}
	return close(fd);
}

static int
starts_dir(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return strncmp(path, dir, n) == 0 && (path[n] == '/' || path[n] == '\0');
}

/* The interpreter: inside a system tree, or bind its prefix (the directory
 * above its bin directory) at the same place. */
static int
interpreter(const char *root, const char *python, const char **what)
{
	char rp[PATH_MAX], dst[2 * PATH_MAX], *slash;
	size_t i;

	if (realpath(python, rp) == NULL)
		FAIL("the interpreter");
	for (i = 0; i < sizeof system_dirs / sizeof system_dirs[0]; i++)
		if (starts_dir(rp, system_dirs[i]))
			return 0;
	/* PREFIX/bin/python3 */
	if ((slash = strrchr(rp, '/')) == NULL)
		FAIL("the interpreter");
	*slash = '\0';
	if ((slash = strrchr(rp, '/')) == NULL || strcmp(slash, "/bin") != 0 ||
	    slash == rp) {
		errno = ENOTDIR;
		FAIL("the interpreter lies outside /usr and has no PREFIX/bin");
	}
	*slash = '\0';
	snprintf(dst, sizeof dst, "%s%s", root, rp);
	if (make_dirs(root, rp) < 0 || bind_ro(rp, dst, 1) < 0)
		FAIL("binding the interpreter's prefix");
	return 0;
}

int
jail_root(const char *dir, const char *code, const char *python,
    const char **what)
{
	char p[PATH_MAX + 64], txt[512];
	uid_t uid = getuid();
	gid_t gid = getgid();
	size_t i;

	/* nothing done here may reach the machine's mount table */
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0) {
		/* EINVAL: "/" is no mount point, as in a plain chroot */
		if (errno == EINVAL)
			FAIL("making the mounts private (\"/\" is not a mount "
			    "point: in a chroot, bind-mount its folder on itself "
			    "first, as schroot does)");
		FAIL("making the mounts private");
	}
	if (strlen(dir) > PATH_MAX - 64) {
		errno = ENAMETOOLONG;
		FAIL("the root");
	}
	if (mount("tmpfs", dir, "tmpfs", MS_NOSUID | MS_NODEV,
	    "size=1m,nr_inodes=512,mode=0755") < 0)
		FAIL("mounting the root");
	for (i = 0; i < sizeof system_dirs / sizeof system_dirs[0]; i++) {
		const char *s = system_dirs[i];
		struct stat st;
		ssize_t n;

		if (lstat(s, &st) < 0)
			continue;
		snprintf(p, sizeof p, "%s%s", dir, s);
		if (S_ISLNK(st.st_mode)) {
			if ((n = readlink(s, txt, sizeof txt - 1)) < 0)
				FAIL("reading a system link");
			txt[n] = '\0';
			if (symlink(txt, p) < 0)
				FAIL("linking a system directory");
		} else if (S_ISDIR(st.st_mode)) {
			if (mkdir(p, 0755) < 0 || bind_ro(s, p, 1) < 0)
				FAIL("binding a system directory");
		}
	}
	if (interpreter(dir, python, what) < 0)
		return -1;
	/* /etc: the loader's cache, time zone, who is who */
	snprintf(p, sizeof p, "%s/etc", dir);
	if (mkdir(p, 0755) < 0)
		FAIL("making /etc");
	snprintf(p, sizeof p, "%s/etc/ld.so.cache", dir);
	if (access("/etc/ld.so.cache", R_OK) == 0 &&
	    (put_file(p, "", 0444) < 0 || bind_ro("/etc/ld.so.cache", p, 0) < 0))
		FAIL("binding /etc/ld.so.cache");
	{
		ssize_t n = readlink("/etc/localtime", txt, sizeof txt - 1);

		snprintf(p, sizeof p, "%s/etc/localtime", dir);
		if (n > 0) {
			txt[n] = '\0';
			(void)symlink(txt, p);
		}
	}
	snprintf(txt, sizeof txt, "root:x:0:0:root:/:/bin/false\n"
	    "%s:x:%lu:%lu::/tmp:/bin/false\n", uid == SB_NOBODY ? "nobody" :
	    "sandbox", (unsigned long)uid, (unsigned long)gid);
	snprintf(p, sizeof p, "%s/etc/passwd", dir);
	if (uid != 0 && put_file(p, txt, 0444) < 0)
		FAIL("writing /etc/passwd");
	snprintf(txt, sizeof txt, "root:x:0:\n%s:x:%lu:\n",
	    gid == SB_NOBODY ? "nogroup" : "sandbox", (unsigned long)gid);
	snprintf(p, sizeof p, "%s/etc/group", dir);
	if (gid != 0 && put_file(p, txt, 0444) < 0)
		FAIL("writing /etc/group");
	/* /dev: a few harmless devices */
	snprintf(p, sizeof p, "%s/dev", dir);
	if (mkdir(p, 0755) < 0)
		FAIL("making /dev");
	for (i = 0; i < sizeof devices / sizeof devices[0]; i++) {
		char src[64];

		snprintf(src, sizeof src, "/dev/%s", devices[i]);
		snprintf(p, sizeof p, "%s/dev/%s", dir, devices[i]);
		if (put_file(p, "", 0666) < 0 ||
		    mount(src, p, NULL, MS_BIND, NULL) < 0)
			FAIL("binding a device");
	}
	snprintf(p, sizeof p, "%s/dev/fd", dir);
	(void)symlink("/proc/self/fd", p);
	snprintf(p, sizeof p, "%s/dev/shm", dir);
	(void)symlink("/tmp", p);
	/* /proc of the new PID namespace, where the kernel lets us */
	snprintf(p, sizeof p, "%s/proc", dir);
	if (mkdir(p, 0555) < 0)
		FAIL("making /proc");
	(void)mount("proc", p, "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL);
	/* /tmp: the only writable place, small */
	snprintf(p, sizeof p, "%s/tmp", dir);
	snprintf(txt, sizeof txt, "size=%lu,nr_inodes=%d,mode=1777",
	    (unsigned long)JAIL_TMP, JAIL_TMP_FILES);
	if (mkdir(p, 0755) < 0 ||
	    mount("tmpfs", p, "tmpfs", MS_NOSUID | MS_NODEV, txt) < 0)
		FAIL("mounting /tmp");
	/* the answer */
	snprintf(p, sizeof p, "%s%s", dir, JAIL_ANSWER);
	if (put_file(p, "", 0444) < 0 || bind_ro(code, p, 0) < 0)
		FAIL("binding the answer");
	/* in, and the old root out of sight */
	if (chdir(dir) < 0 || syscall(SYS_pivot_root, ".", ".") < 0 ||
	    umount2(".", MNT_DETACH) < 0 || chdir("/") < 0)
		FAIL("pivot_root");
	if (mount(NULL, "/", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID |
	    MS_NODEV, NULL) < 0)
		FAIL("sealing the root");
	return 0;
}

/* The filter: refuse with EPERM, clone3 with ENOSYS (the C library then
 * falls back to clone, whose flags are seen), anything of another
 * architecture killed. */
#if defined(__x86_64__)
#define JAIL_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define JAIL_ARCH AUDIT_ARCH_AARCH64
#elif defined(__riscv) && __riscv_xlen == 64
#define JAIL_ARCH AUDIT_ARCH_RISCV64
#endif

static const long denied[] = {
#ifdef SYS_unshare
	SYS_unshare,
#endif
#ifdef SYS_setns
	SYS_setns,
#endif
#ifdef SYS_mount
	SYS_mount,
#endif
#ifdef SYS_umount2
	SYS_umount2,
#endif
#ifdef SYS_pivot_root
	SYS_pivot_root,
#endif
#ifdef SYS_chroot
	SYS_chroot,
#endif
#ifdef SYS_mount_setattr
	SYS_mount_setattr,
#endif
#ifdef SYS_move_mount
	SYS_move_mount,
#endif
#ifdef SYS_open_tree
	SYS_open_tree,
#endif
#ifdef SYS_fsopen
	SYS_fsopen,
#endif
#ifdef SYS_fsconfig
	SYS_fsconfig,
#endif
#ifdef SYS_fsmount
	SYS_fsmount,
#endif
#ifdef SYS_fspick
	SYS_fspick,
#endif
#ifdef SYS_ptrace
	SYS_ptrace,
#endif
#ifdef SYS_process_vm_readv
	SYS_process_vm_readv,
#endif
#ifdef SYS_process_vm_writev
	SYS_process_vm_writev,
#endif
#ifdef SYS_keyctl
	SYS_keyctl,
#endif
#ifdef SYS_add_key
	SYS_add_key,
#endif
#ifdef SYS_request_key
	SYS_request_key,
#endif
#ifdef SYS_bpf
	SYS_bpf,
#endif
#ifdef SYS_perf_event_open
	SYS_perf_event_open,
#endif
#ifdef SYS_userfaultfd
	SYS_userfaultfd,
#endif
#ifdef SYS_io_uring_setup
	SYS_io_uring_setup,
#endif
#ifdef SYS_io_uring_enter
	SYS_io_uring_enter,
#endif
#ifdef SYS_io_uring_register
	SYS_io_uring_register,
#endif
#ifdef SYS_kexec_load
	SYS_kexec_load,
#endif
#ifdef SYS_kexec_file_load
	SYS_kexec_file_load,
#endif
#ifdef SYS_init_module
	SYS_init_module,
#endif
#ifdef SYS_finit_module
	SYS_finit_module,
#endif
#ifdef SYS_delete_module
	SYS_delete_module,
#endif
#ifdef SYS_acct
	SYS_acct,
#endif
#ifdef SYS_swapon
	SYS_swapon,
#endif
#ifdef SYS_swapoff
	SYS_swapoff,
#endif
#ifdef SYS_reboot
	SYS_reboot,
#endif
#ifdef SYS_quotactl
	SYS_quotactl,
#endif
#ifdef SYS_name_to_handle_at
	SYS_name_to_handle_at,
#endif
#ifdef SYS_open_by_handle_at
	SYS_open_by_handle_at,
#endif
#ifdef SYS_syslog
	SYS_syslog,
#endif
};

/* Memory a process could hold outside its address space, and so outside
 * RLIMIT_AS: files of memory (memfd_create, 16 MiB each under RLIMIT_FSIZE
 * but one per open file, and kept after the mapping goes), secret memory,
 * and System V shared memory, message queues and semaphores, which stay
 * in the IPC namespace when no process holds them.  Answered with ENOSYS,
 * as a kernel built without them would: a program that can do without
 * them (a file in /tmp, a pipe) goes on. */
static const long unavailable[] = {
#ifdef SYS_memfd_create
	SYS_memfd_create,
#endif
#ifdef SYS_memfd_secret
	SYS_memfd_secret,
#endif
#ifdef SYS_shmget
	SYS_shmget,
#endif
#ifdef SYS_msgget
	SYS_msgget,
#endif
#ifdef SYS_semget
	SYS_semget,
#endif
};

#ifndef CLONE_NEWTIME
#define CLONE_NEWTIME 0x80
#endif
#define NS_FLAGS (CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | \
    CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWCGROUP | CLONE_NEWTIME)

#ifdef JAIL_ARCH
static int
install_filter(void)
{
	struct sock_filter f[8 + 2 * sizeof denied / sizeof denied[0] +
	    2 * sizeof unavailable / sizeof unavailable[0] + 16];
	struct sock_fprog prog;
	size_t n = 0, i;

#define ST(code, k) (f[n++] = (struct sock_filter)BPF_STMT(code, k))
#define JU(code, k, t, e) (f[n++] = (struct sock_filter)BPF_JUMP(code, k, t, e))
	ST(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch));
	JU(BPF_JMP | BPF_JEQ | BPF_K, JAIL_ARCH, 1, 0);
	ST(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
	ST(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr));
#ifdef __x86_64__
	/* the x32 calls, numbered from bit 30 */
	JU(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1);
	ST(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM);
#endif
	for (i = 0; i < sizeof denied / sizeof denied[0]; i++) {
		JU(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)denied[i], 0, 1);
		ST(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM);
	}
	for (i = 0; i < sizeof unavailable / sizeof unavailable[0]; i++) {
		JU(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)unavailable[i], 0, 1);
		ST(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS);
	}
#ifdef SYS_clone3
	JU(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone3, 0, 1);
	ST(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS);
#endif
	/* sockets of the internet families only, which hold nothing in a
	 * network namespace whose loopback is down; any other socket, and
	 * socketpair's, holds what is sent to it, up to 8 MiB each */
	JU(BPF_JMP | BPF_JEQ | BPF_K, SYS_socketpair, 0, 1);
	ST(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EAFNOSUPPORT);
	JU(BPF_JMP | BPF_JEQ | BPF_K, SYS_socket, 0, 4);
	ST(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0]));
	JU(BPF_JMP | BPF_JEQ | BPF_K, AF_INET, 2, 0);
	JU(BPF_JMP | BPF_JEQ | BPF_K, AF_INET6, 1, 0);
	ST(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EAFNOSUPPORT);
	ST(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	/* clone's flags are its first argument, low word first */
	JU(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone, 0, 3);
	ST(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0]));
	JU(BPF_JMP | BPF_JSET | BPF_K, NS_FLAGS, 0, 1);
	ST(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM);
	ST(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
#undef ST
#undef JU
	prog.len = (unsigned short)n;
	prog.filter = f;
	return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0);
}
#else
static int
install_filter(void)
{
	errno = ENOSYS;
	return -1;
}
#endif

int
jail_lock(int to_nobody, const char **what)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct d[2];
	int c;

	for (c = 0; c < 64; c++)
		if (prctl(PR_CAPBSET_DROP, c, 0, 0, 0) < 0) {
			if (errno == EINVAL)
				break;
			FAIL("dropping capabilities");
		}
	(void)prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
	if (to_nobody && (setgroups(0, NULL) < 0 ||
	    setresgid(SB_NOBODY, SB_NOBODY, SB_NOBODY) < 0 ||
	    setresuid(SB_NOBODY, SB_NOBODY, SB_NOBODY) < 0))
		FAIL("becoming nobody");
	memset(d, 0, sizeof d);
	if (syscall(SYS_capset, &h, d) < 0)
		FAIL("dropping capabilities");
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		FAIL("no_new_privs");
	if (install_filter() < 0)
		FAIL("the system call filter");
	return 0;
}
