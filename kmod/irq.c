// SPDX-License-Identifier: GPL-2.0
/*
 * Interrupts, forwarded to user space as counters: one per vector and a
 * total.  read()/poll() report what an open file has not seen yet; the
 * wait ioctl sleeps until a counter moves.  MSI-X is preferred, then
 * MSI, then INTx.  The sim board's ring doorbell (ivshmem's doorbell
 * register) is here too: it is the other direction of the same path.
 */
#include <linux/hrtimer.h>
#include <linux/interrupt.h>
#include <linux/ktime.h>
#include <linux/poll.h>
#include <linux/sched/signal.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "barehip_drv.h"
#include "compat.h"

const char *barehip_irq_mode_name(u32 mode)
{
	switch (mode) {
	case BAREHIP_IRQ_INTX:
		return "intx";
	case BAREHIP_IRQ_MSI:
		return "msi";
	case BAREHIP_IRQ_MSIX:
		return "msix";
	}
	return "none";
}

/* The irq_mode parameter as pci_alloc_irq_vectors() flags. */
int barehip_irq_parse_mode(const char *mode, unsigned int *flags)
{
	static const struct {
		const char *name;
		unsigned int flags;
	} modes[] = {
		{ "auto", PCI_IRQ_MSIX | PCI_IRQ_MSI | PCI_IRQ_INTX },
		{ "msix", PCI_IRQ_MSIX },
		{ "msi", PCI_IRQ_MSI },
		{ "intx", PCI_IRQ_INTX },
		{ "none", 0 },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(modes); i++) {
		if (mode && sysfs_streq(mode, modes[i].name)) {
			*flags = modes[i].flags;
			return 0;
		}
	}
	return -EINVAL;
}

static void barehip_irq_count(struct barehip_vector *v)
{
	struct barehip_dev *bd = v->bd;

	atomic64_inc(&v->count);
	/* Fully ordered: a reader that sees the new total sees the vector's. */
	atomic64_inc_return(&bd->irq_total);
	wake_up_interruptible_all(&bd->irq_wait);
}

static irqreturn_t barehip_irq(int irq, void *data)
{
	struct barehip_vector *v = data;
	struct barehip_dev *bd = v->bd;

	/*
	 * INTx is level-triggered and only user space can quiet the GPU, so
	 * mask the line here (and learn whether it was ours: it may be
	 * shared); barehip_irq_rearm() unmasks it when user space waits
	 * again.
	 */
	if (bd->irq_mode == BAREHIP_IRQ_INTX) {
		if (!pci_check_and_mask_intx(bd->pdev))
			return IRQ_NONE;
		atomic_set(&bd->intx_masked, 1);
	}
	barehip_irq_count(v);
	return IRQ_HANDLED;
}

/*
 * INTx: unmask the line when user space, having seen every interrupt
 * so far (and so, presumably, acknowledged the source), waits for the
 * next.  If the device still asserts the line, that is a new
 * interrupt: count it and leave the line masked.
 */
void barehip_irq_rearm(struct barehip_dev *bd)
{
	if (bd->irq_mode != BAREHIP_IRQ_INTX || !atomic_xchg(&bd->intx_masked, 0))
		return;
	down_read(&bd->remove_sem);
	if (!bd->dead && !pci_check_and_unmask_intx(bd->pdev)) {
		atomic_set(&bd->intx_masked, 1);
		barehip_irq_count(&bd->vec[0]);
	}
	up_read(&bd->remove_sem);
}

int barehip_irq_setup(struct barehip_dev *bd, const char *mode)
{
	struct pci_dev *pdev = bd->pdev;
	unsigned int types, i;
	int want, nvec, ret;

	bd->irq_mode = BAREHIP_IRQ_NONE;
	for (i = 0; i < BAREHIP_MAX_VECTORS; i++) {
		bd->vec[i].bd = bd;
		bd->vec[i].index = i;
	}
	if (barehip_irq_parse_mode(mode, &types))
		return -EINVAL;

	if (bd->board == BAREHIP_BOARD_SIM) {
		/* ivshmem-doorbell signals only through MSI-X. */
		types &= PCI_IRQ_MSIX;
		want = pci_msix_vec_count(pdev);
		if (want > BAREHIP_MAX_VECTORS)
			want = BAREHIP_MAX_VECTORS;
	} else {
		/* amdgpu uses one vector: the interrupt handler ring's. */
		want = 1;
		if ((types & PCI_IRQ_INTX) && !pci_intx_mask_supported(pdev)) {
			dev_info(&pdev->dev, "INTx cannot be masked: not using it\n");
			types &= ~PCI_IRQ_INTX;
		}
	}
	if (!types || want <= 0) {
		dev_info(&pdev->dev, "no interrupts: user space has to poll\n");
		return 0;
	}

	nvec = pci_alloc_irq_vectors(pdev, 1, want, types);
	if (nvec < 0) {
		dev_info(&pdev->dev, "no interrupt vectors (%d): user space has to poll\n", nvec);
		return 0;
	}
	if (pdev->msix_enabled)
		bd->irq_mode = BAREHIP_IRQ_MSIX;
	else if (pdev->msi_enabled)
		bd->irq_mode = BAREHIP_IRQ_MSI;
	else
		bd->irq_mode = BAREHIP_IRQ_INTX;

	snprintf(bd->irq_name, sizeof(bd->irq_name), BAREHIP_NAME "@%s", pci_name(pdev));
	for (i = 0; i < nvec; i++) {
		ret = request_irq(pci_irq_vector(pdev, i), barehip_irq,
				  bd->irq_mode == BAREHIP_IRQ_INTX ? IRQF_SHARED : 0,
				  bd->irq_name, &bd->vec[i]);
		if (ret) {
			while (i--)
				free_irq(pci_irq_vector(pdev, i), &bd->vec[i]);
			pci_free_irq_vectors(pdev);
			bd->irq_mode = BAREHIP_IRQ_NONE;
			return ret;
		}
	}
	bd->nvec = nvec;
	return 0;
}

void barehip_irq_teardown(struct barehip_dev *bd)
{
	unsigned int i;

	if (bd->irq_mode == BAREHIP_IRQ_NONE)
		return;
	for (i = 0; i < bd->nvec; i++)
		free_irq(pci_irq_vector(bd->pdev, i), &bd->vec[i]);
	pci_free_irq_vectors(bd->pdev);
	bd->nvec = 0;
	bd->irq_mode = BAREHIP_IRQ_NONE;
}

long barehip_ioctl_wait_irq(struct barehip_file *bf, void __user *uarg)
{
	struct barehip_dev *bd = bf->bd;
	struct barehip_wait_irq w;
	atomic64_t *counter;
	u32 usize;
	long ret;

	ret = barehip_copy_arg(&w, sizeof(w), sizeof(w), uarg, &usize);
	if (ret)
		return ret;
	if (w.flags || w.reserved)
		return -EINVAL;
	if (w.vector == BAREHIP_VECTOR_ANY)
		counter = &bd->irq_total;
	else if (w.vector < bd->nvec)
		counter = &bd->vec[w.vector].count;
	else
		return -EINVAL;
	if (READ_ONCE(bd->dead))
		return -ENODEV;

	if ((u64)atomic64_read(counter) == w.count)
		barehip_irq_rearm(bd);
	if (!w.timeout_ns) {
		ret = (u64)atomic64_read(counter) != w.count ? 0 : -ETIMEDOUT;
	} else {
		ktime_t timeout = w.timeout_ns > KTIME_MAX ? KTIME_MAX : ns_to_ktime(w.timeout_ns);

		ret = wait_event_interruptible_hrtimeout(bd->irq_wait,
				(u64)atomic64_read(counter) != w.count || READ_ONCE(bd->dead),
				timeout);
		if (ret == -ETIME)
			ret = -ETIMEDOUT;
	}
	if (READ_ONCE(bd->dead))
		return -ENODEV;
	if (ret)
		return ret;
	w.count = atomic64_read(counter);
	return barehip_copy_result(uarg, usize, &w, sizeof(w));
}

long barehip_ioctl_notify(struct barehip_file *bf, void __user *uarg)
{
	struct barehip_dev *bd = bf->bd;
	struct barehip_notify n;
	u32 usize;
	long ret;

	if (bd->board != BAREHIP_BOARD_SIM)
		return -ENOTTY;
	ret = barehip_copy_arg(&n, sizeof(n), sizeof(n), uarg, &usize);
	if (ret)
		return ret;
	if (n.vector >= bd->model_vectors)
		return -EINVAL;
	down_read(&bd->remove_sem);
	if (bd->dead)
		ret = -ENODEV;
	else
		barehip_board_notify(bd, n.vector);
	up_read(&bd->remove_sem);
	return ret;
}

ssize_t barehip_read(struct file *filp, char __user *buf, size_t count, loff_t *ppos)
{
	struct barehip_file *bf = filp->private_data;
	struct barehip_dev *bd = bf->bd;
	struct barehip_irq_event ev;
	unsigned int i;
	u64 total;
	int ret;

	if (count < sizeof(ev))
		return -EINVAL;
	for (;;) {
		if (READ_ONCE(bd->dead))
			return -ENODEV;
		if ((u64)atomic64_read(&bd->irq_total) == READ_ONCE(bf->seen_total))
			barehip_irq_rearm(bd);
		memset(&ev, 0, sizeof(ev));
		mutex_lock(&bf->read_lock);
		total = atomic64_read(&bd->irq_total);
		if (total != bf->seen_total) {
			smp_rmb();	/* pairs with the ordered total increment */
			for (i = 0; i < bd->nvec; i++) {
				u64 c = atomic64_read(&bd->vec[i].count);

				if (c != bf->seen_vec[i]) {
					ev.vectors |= BIT(i);
					bf->seen_vec[i] = c;
				}
			}
			WRITE_ONCE(bf->seen_total, total);
			ev.count = total;
			mutex_unlock(&bf->read_lock);
			/* Never touch user memory under a lock a fault may need. */
			if (copy_to_user(buf, &ev, sizeof(ev)))
				return -EFAULT;
			return sizeof(ev);
		}
		mutex_unlock(&bf->read_lock);
		if (filp->f_flags & O_NONBLOCK)
			return -EAGAIN;
		ret = wait_event_interruptible(bd->irq_wait,
				(u64)atomic64_read(&bd->irq_total) != READ_ONCE(bf->seen_total) ||
				READ_ONCE(bd->dead));
		if (ret)
			return ret;
	}
}

__poll_t barehip_poll(struct file *filp, struct poll_table_struct *wait)
{
	struct barehip_file *bf = filp->private_data;
	struct barehip_dev *bd = bf->bd;

	poll_wait(filp, &bd->irq_wait, wait);
	if (READ_ONCE(bd->dead))
		return EPOLLERR | EPOLLHUP;
	if ((u64)atomic64_read(&bd->irq_total) == READ_ONCE(bf->seen_total))
		barehip_irq_rearm(bd);
	if ((u64)atomic64_read(&bd->irq_total) != READ_ONCE(bf->seen_total))
		return EPOLLIN | EPOLLRDNORM;
	return 0;
}
