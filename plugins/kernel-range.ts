/** The kernel range every built-in pack declares: they ship with the kernel, so they follow its minor version. */
export const KERNEL_RANGE = '^0.1.0';
