/** The kernel's version, matched against each pack's `kernel` range. A test keeps it equal to package.json's. */
export const KERNEL_VERSION = '0.1.0';
