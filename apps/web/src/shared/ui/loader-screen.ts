/**
 * Hides the start-up loader of index.html: its background fades, and the element is removed
 * when that animation ends (spec §2 "Loader screen").
 */
export function hideLoaderScreen(doc: Document = document): void {
  const loader = doc.getElementById('loader');
  if (!loader || loader.classList.contains('done')) return;
  const remove = () => loader.remove();
  loader.addEventListener('transitionend', remove, { once: true });
  loader.classList.add('done');
  // Browsers that skip transitions (reduced motion, background tabs) still get it removed.
  setTimeout(remove, 600);
}
