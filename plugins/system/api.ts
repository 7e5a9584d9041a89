/**
 * The system pack's public surface (`toolpack/packs/system`). The pack offers
 * no service, extension point, event or options: its three tools are all of
 * it. The file exists so every pack is imported the same way, and so what the
 * pack offers later has one place to go.
 */
export {};
