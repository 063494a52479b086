// SPDX-License-Identifier: GPL-2.0
/*
 * barehip.ko: the kernel half of barehip's user-mode GPU driver.
 *
 * It binds an AMD GPU, or the sim board that QEMU presents through an
 * ivshmem function, and gives each device a /dev/barehipN that offers
 * the BAR windows to mmap, DMA-coherent buffers, and interrupts as a
 * pollable counter.  Everything that knows about GPU commands lives in
 * user space (barehip's loader).
 *
 * This file: module parameters, the PCI driver, probe and remove, the
 * device class and its sysfs attributes.
 */
#include <linux/dma-mapping.h>
#include <linux/idr.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "barehip_drv.h"
#include "compat.h"

static char *ids;
module_param(ids, charp, 0444);
MODULE_PARM_DESC(ids, "more PCI ids to bind, \"vendor:device[,vendor:device...]\" (hex; AMD BAR layout)");

static char *irq_mode = "auto";
module_param(irq_mode, charp, 0444);
MODULE_PARM_DESC(irq_mode, "interrupt kinds allowed: auto (MSI-X, MSI, INTx), msix, msi, intx or none");

static unsigned int gid;
module_param(gid, uint, 0444);
MODULE_PARM_DESC(gid, "group id of /dev/barehipN (mode 0660) where no udev rule sets one");

unsigned int barehip_dma_max_mb = 1024;
module_param_named(dma_max_mb, barehip_dma_max_mb, uint, 0644);
MODULE_PARM_DESC(dma_max_mb, "DMA memory all open files of a device may hold together, MiB");

unsigned int barehip_board_timeout_ms = 2000;
module_param_named(board_timeout_ms, barehip_board_timeout_ms, uint, 0644);
MODULE_PARM_DESC(board_timeout_ms, "how long to wait for the board to quiesce on close, ms");

static dev_t barehip_devt;
static DEFINE_IDA(barehip_minors);

/* ------------------------------------------------------------ sysfs */

static struct barehip_dev *to_barehip(struct device *dev)
{
	return container_of(dev, struct barehip_dev, dev);
}

static ssize_t board_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%s\n", barehip_board_name(to_barehip(dev)->board));
}
static DEVICE_ATTR_RO(board);

static ssize_t target_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%s\n", to_barehip(dev)->target);
}
static DEVICE_ATTR_RO(target);

static ssize_t irq_mode_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct barehip_dev *bd = to_barehip(dev);

	return sysfs_emit(buf, "%s %u\n", barehip_irq_mode_name(bd->irq_mode), bd->nvec);
}
static DEVICE_ATTR_RO(irq_mode);

static ssize_t irq_count_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%lld\n", (long long)atomic64_read(&to_barehip(dev)->irq_total));
}
static DEVICE_ATTR_RO(irq_count);

static ssize_t dma_buffers_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n", atomic_read(&to_barehip(dev)->dma_buffers));
}
static DEVICE_ATTR_RO(dma_buffers);

static ssize_t dma_bytes_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%lld\n", (long long)atomic64_read(&to_barehip(dev)->dma_bytes));
}
static DEVICE_ATTR_RO(dma_bytes);

static ssize_t pins_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n", atomic_read(&to_barehip(dev)->pins));
}
static DEVICE_ATTR_RO(pins);

static struct attribute *barehip_attrs[] = {
	&dev_attr_board.attr,
	&dev_attr_target.attr,
	&dev_attr_irq_mode.attr,
	&dev_attr_irq_count.attr,
	&dev_attr_dma_buffers.attr,
	&dev_attr_dma_bytes.attr,
	&dev_attr_pins.attr,
	NULL,
};
ATTRIBUTE_GROUPS(barehip);

/* ------------------------------------------------- class and nodes */

/*
 * devtmpfs creates the node with what these return; there is no udev in
 * a minimal system to fix it up.  The kernel cannot look up a group by
 * name, so the group comes as a number (module parameter gid); on a
 * system with udev, 60-barehip.rules names the "video" group instead.
 */
static char *barehip_class_devnode(BAREHIP_DEVNODE_CONST struct device *dev, umode_t *mode)
{
	if (mode)
		*mode = 0660;
	return NULL;
}

static char *barehip_type_devnode(BAREHIP_DEVNODE_CONST struct device *dev, umode_t *mode,
				  kuid_t *uid, kgid_t *group)
{
	if (group && gid)
		*group = make_kgid(&init_user_ns, gid);
	return NULL;
}

static struct class barehip_class = {
	.name = BAREHIP_NAME,
	BAREHIP_CLASS_OWNER
	.dev_groups = barehip_groups,
	.devnode = barehip_class_devnode,
};

static const struct device_type barehip_type = {
	.name = BAREHIP_NAME,
	.devnode = barehip_type_devnode,
};

/* Runs when the last reference goes: remove, or the last close after it. */
static void barehip_dev_release(struct device *dev)
{
	struct barehip_dev *bd = to_barehip(dev);

	/* Every file freed its buffers and pins before letting go of the device. */
	if (atomic_read(&bd->dma_buffers) || atomic_read(&bd->pins))
		pr_err(BAREHIP_NAME ": %d DMA buffers and %d pinned ranges (%lld bytes) leaked\n",
		       atomic_read(&bd->dma_buffers), atomic_read(&bd->pins),
		       (long long)atomic64_read(&bd->dma_bytes));
	pci_dev_put(bd->pdev);
	kfree(bd);
}

/* ----------------------------------------------------------- probe */

static int barehip_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct barehip_dev *bd;
	int ret;

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;

	bd = kzalloc(sizeof(*bd), GFP_KERNEL);
	if (!bd)
		return -ENOMEM;
	bd->pdev = pci_dev_get(pdev);
	bd->minor = -1;
	init_rwsem(&bd->remove_sem);
	mutex_init(&bd->files_lock);
	INIT_LIST_HEAD(&bd->files);
	mutex_init(&bd->dma_lock);
	mutex_init(&bd->board_lock);
	INIT_LIST_HEAD(&bd->dma_list);
	INIT_LIST_HEAD(&bd->pin_list);
	init_waitqueue_head(&bd->irq_wait);
	device_initialize(&bd->dev);
	bd->dev.release = barehip_dev_release;	/* from here on, put_device frees */

	/* Which board, and its BAR windows (requested, devres-managed). */
	ret = barehip_board_probe(bd);
	if (ret)
		goto err_put;

	pci_set_master(pdev);
	bd->dma_bits = 64;
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret) {
		bd->dma_bits = 32;
		ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(32));
		if (ret) {
			dev_err(&pdev->dev, "no usable DMA address width\n");
			goto err_put;
		}
	}

	ret = barehip_irq_setup(bd, irq_mode);
	if (ret)
		goto err_put;

	ret = ida_alloc_max(&barehip_minors, BAREHIP_MAX_DEVICES - 1, GFP_KERNEL);
	if (ret < 0)
		goto err_irq;
	bd->minor = ret;

	bd->dev.devt = MKDEV(MAJOR(barehip_devt), bd->minor);
	bd->dev.class = &barehip_class;
	bd->dev.type = &barehip_type;
	bd->dev.parent = &pdev->dev;
	ret = dev_set_name(&bd->dev, BAREHIP_NAME "%d", bd->minor);
	if (ret)
		goto err_minor;
	cdev_init(&bd->cdev, &barehip_fops);
	bd->cdev.owner = THIS_MODULE;
	ret = cdev_device_add(&bd->cdev, &bd->dev);
	if (ret)
		goto err_minor;

	pci_set_drvdata(pdev, bd);
	dev_info(&pdev->dev, "%s: %s board%s%s, interrupts %s x%u, DMA %u-bit\n",
		 dev_name(&bd->dev), barehip_board_name(bd->board),
		 bd->target[0] ? " " : "", bd->target,
		 barehip_irq_mode_name(bd->irq_mode), bd->nvec, bd->dma_bits);
	return 0;

err_minor:
	ida_free(&barehip_minors, bd->minor);
err_irq:
	barehip_irq_teardown(bd);
err_put:
	put_device(&bd->dev);
	return ret;
}

/*
 * Unbind (rmmod, or a write to the driver's sysfs unbind) with files
 * still open: after @dead is set nothing reaches the device any more,
 * mappings are zapped (a later access gets SIGBUS), DMA memory is freed
 * while the device is still bound, sleepers wake with -ENODEV, and the
 * struct lives on until the last file is closed.
 */
static void barehip_remove(struct pci_dev *pdev)
{
	struct barehip_dev *bd = pci_get_drvdata(pdev);

	down_write(&bd->remove_sem);
	bd->dead = true;
	up_write(&bd->remove_sem);
	wake_up_all(&bd->irq_wait);
	barehip_zap_mappings(bd);
	barehip_dma_remove(bd);
	barehip_pin_remove(bd);

	cdev_device_del(&bd->cdev, &bd->dev);
	barehip_irq_teardown(bd);
	ida_free(&barehip_minors, bd->minor);
	put_device(&bd->dev);
}

/*
 * The vendor's display and accelerator classes, as amdgpu matches them,
 * and QEMU's ivshmem (bound only if its BAR carries a sim board header).
 * No MODULE_DEVICE_TABLE on purpose: udev would then load barehip on
 * every machine with an AMD GPU, racing amdgpu.  Load it explicitly.
 */
#define BAREHIP_AMD_CLASS(c) {						\
	.vendor = PCI_VENDOR_ID_ATI, .device = PCI_ANY_ID,		\
	.subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID,		\
	.class = (c) << 8, .class_mask = 0xffff00 }

static const struct pci_device_id barehip_ids[] = {
	BAREHIP_AMD_CLASS(PCI_CLASS_DISPLAY_VGA),
	BAREHIP_AMD_CLASS(PCI_CLASS_DISPLAY_OTHER),
	BAREHIP_AMD_CLASS(PCI_CLASS_ACCELERATOR_PROCESSING),
	{ PCI_DEVICE(PCI_VENDOR_ID_REDHAT_QUMRANET, 0x1110) },
	{ }
};

static struct pci_driver barehip_driver = {
	.name = BAREHIP_NAME,
	.id_table = barehip_ids,
	.probe = barehip_probe,
	.remove = barehip_remove,
};

/* ids=vvvv:dddd,...: bound like an AMD GPU (the same BAR layout). */
static int barehip_add_ids(void)
{
	char *list, *p, *tok;
	int ret = 0;

	if (!ids || !*ids)
		return 0;
	list = kstrdup(ids, GFP_KERNEL);
	if (!list)
		return -ENOMEM;
	p = list;
	while ((tok = strsep(&p, ",")) && !ret) {
		unsigned int vendor, device;
		char tail;

		if (!*tok)
			continue;
		if (sscanf(tok, "%x:%x%c", &vendor, &device, &tail) != 2 ||
		    vendor > 0xffff || device > 0xffff) {
			pr_err(BAREHIP_NAME ": ids: \"%s\" is not vendor:device in hex\n", tok);
			ret = -EINVAL;
			break;
		}
		ret = pci_add_dynid(&barehip_driver, vendor, device, PCI_ANY_ID, PCI_ANY_ID,
				    0, 0, 0);
		if (ret)
			pr_err(BAREHIP_NAME ": ids: cannot add %04x:%04x (%d)\n", vendor, device, ret);
	}
	kfree(list);
	return ret;
}

static int __init barehip_init(void)
{
	unsigned int flags;
	int ret;

	if (barehip_irq_parse_mode(irq_mode, &flags)) {
		pr_err(BAREHIP_NAME ": irq_mode=%s: use auto, msix, msi, intx or none\n", irq_mode);
		return -EINVAL;
	}
	ret = alloc_chrdev_region(&barehip_devt, 0, BAREHIP_MAX_DEVICES, BAREHIP_NAME);
	if (ret)
		return ret;
	ret = class_register(&barehip_class);
	if (ret)
		goto err_chrdev;
	ret = pci_register_driver(&barehip_driver);
	if (ret)
		goto err_class;
	ret = barehip_add_ids();
	if (ret)
		goto err_driver;
	return 0;

err_driver:
	pci_unregister_driver(&barehip_driver);
err_class:
	class_unregister(&barehip_class);
err_chrdev:
	unregister_chrdev_region(barehip_devt, BAREHIP_MAX_DEVICES);
	return ret;
}

static void __exit barehip_exit(void)
{
	pci_unregister_driver(&barehip_driver);
	class_unregister(&barehip_class);
	unregister_chrdev_region(barehip_devt, BAREHIP_MAX_DEVICES);
	ida_destroy(&barehip_minors);
}

module_init(barehip_init);
module_exit(barehip_exit);

MODULE_DESCRIPTION("barehip: BARs, DMA memory and interrupts of AMD GPUs for a user-mode driver");
MODULE_LICENSE("GPL");
