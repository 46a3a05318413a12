// Browser notifications for alerts while the tab is hidden (issue 11): shown through the service
// worker's registration (a plain Notification where none is active); permission is asked only
// from the settings screen, never on page load.

/** What the settings screen shows. */
export type BrowserNotificationState = 'unsupported' | 'default' | 'granted' | 'denied';

export function browserNotificationState(): BrowserNotificationState {
  if (typeof window === 'undefined' || !('Notification' in window)) return 'unsupported';
  return Notification.permission;
}

/** Asks for permission (call from a click). */
export async function requestBrowserNotifications(): Promise<BrowserNotificationState> {
  if (browserNotificationState() === 'unsupported') return 'unsupported';
  return Notification.requestPermission();
}

/** Shows a system notification when the page is hidden and permission was given. */
export function notifyWhenHidden(title: string, body: string, tag: string): void {
  if (typeof document === 'undefined' || !document.hidden) return;
  if (browserNotificationState() !== 'granted') return;
  const options = { body, tag, icon: '/logo.svg', data: { url: '/app/fleet/alerts' } };
  const plain = () => {
    try {
      new Notification(title, options);
    } catch {
      // Some browsers allow notifications only through a service worker.
    }
  };
  if (!('serviceWorker' in navigator)) {
    plain();
    return;
  }
  void navigator.serviceWorker
    .getRegistration()
    .then((registration) =>
      registration ? registration.showNotification(title, options) : plain(),
    )
    .catch(plain);
}
