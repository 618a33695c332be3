/** `Image` is Electron's NativeImage in the app; the indicator only passes it on. */
export interface UnsentIndicatorOptions<Image> {
  platform: NodeJS.Platform;
  /** app.setBadgeCount: the dock on macOS, launchers that support it on Linux. */
  setBadgeCount(count: number): boolean;
  /** The window's taskbar button on Windows, which has no badge. */
  window(): { setOverlayIcon(overlay: Image | null, description: string): void } | undefined;
  /** The overlay shown on Windows while posts wait (see unsentDotBitmap). */
  overlayIcon(): Image;
}

/**
 * `setUnsentCount(count)`: called by sync whenever the outbox changes, so the person sees from outside
 * the window that posts are still waiting to be sent (for example before closing a laptop).
 */
export function createUnsentIndicator<Image>(options: UnsentIndicatorOptions<Image>): (count: number) => void {
  return (count) => {
    const waiting = Number.isInteger(count) && count > 0 ? count : 0;
    options.setBadgeCount(waiting);
    if (options.platform !== 'win32') return;
    const description = waiting === 1 ? '1 post not sent yet' : `${waiting} posts not sent yet`;
    options.window()?.setOverlayIcon(waiting > 0 ? options.overlayIcon() : null, description);
  };
}

/** A 16×16 orange dot as a BGRA bitmap (nativeImage.createFromBitmap), drawn here to need no image file. */
export function unsentDotBitmap(size = 16): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const centre = (size - 1) / 2;
  const radius = size / 2 - 1;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const distance = Math.hypot(x - centre, y - centre);
      // One pixel of soft edge, so the dot is round at this size.
      const alpha = Math.round(255 * Math.min(1, Math.max(0, radius + 0.5 - distance)));
      const offset = (y * size + x) * 4;
      // Premultiplied BGRA of #E8590C.
      pixels[offset] = Math.round((0x0c * alpha) / 255);
      pixels[offset + 1] = Math.round((0x59 * alpha) / 255);
      pixels[offset + 2] = Math.round((0xe8 * alpha) / 255);
      pixels[offset + 3] = alpha;
    }
  }
  return pixels;
}
