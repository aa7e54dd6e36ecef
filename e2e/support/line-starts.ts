import type { Page } from '@playwright/test';

/**
 * Where the text of the element matched by `selector` wraps: for each line after the first, the
 * text from its first character on ("@example.com" when an email wraps before its @).
 */
export async function lineStarts(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluate((el) => {
    const full = el.textContent ?? '';
    const starts: string[] = [];
    let lastTop: number | null = null;
    let offset = 0;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (rect) {
          if (lastTop !== null && rect.top > lastTop + 2) starts.push(full.slice(offset + i));
          lastTop = rect.top;
        }
      }
      offset += text.length;
    }
    return starts;
  });
}
