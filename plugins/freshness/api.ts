/**
 * The freshness pack's public surface (`toolpack/packs/freshness`): its event
 * topic. It loads nothing but the SDK.
 */
export * from './events.js';
