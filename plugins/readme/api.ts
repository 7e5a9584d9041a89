/**
 * The readme pack's public surface (`toolpack/packs/readme`): its event topic.
 * It loads nothing but the SDK.
 */
export * from './events.js';
