/**
 * The deployment pack's public surface (`toolpack/packs/deployment`): its event
 * topic. It loads nothing but the SDK.
 */
export * from './events.js';
