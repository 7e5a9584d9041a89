/**
 * The docs pack's public surface (`toolpack/packs/docs`): its event topic. It
 * loads nothing but the SDK.
 */
export * from './events.js';
