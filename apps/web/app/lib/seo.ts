import type { MetaDescriptor } from 'react-router';
import { ORIGIN_PLACEHOLDER } from '@keel/core/paths';

export const SITE_NAME = 'Keel';
export const SHARE_IMAGE = { path: '/og-image.png', width: 1200, height: 630, alt: 'Keel — non-custodial USDC savings on Base' };

/** In the prerender: the placeholder the server swaps for APP_URL; in the browser: where the page is. */
function siteOrigin(): string {
  return typeof window === 'undefined' ? ORIGIN_PLACEHOLDER : window.location.origin;
}

/** Title, description, canonical link, Open Graph and Twitter card tags of a public page. */
export function pageMeta({ title, description, path }: { title: string; description: string; path: string }): MetaDescriptor[] {
  const origin = siteOrigin();
  const url = `${origin}${path === '/' ? '/' : path}`;
  const image = `${origin}${SHARE_IMAGE.path}`;
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: String(SHARE_IMAGE.width) },
    { property: 'og:image:height', content: String(SHARE_IMAGE.height) },
    { property: 'og:image:alt', content: SHARE_IMAGE.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
    { name: 'twitter:image:alt', content: SHARE_IMAGE.alt },
  ];
}
