/** The tab names the page first, then the product, so a row of tabs stays readable. */
import { useEffect } from 'react';
import { PRODUCT } from '@/config/constants';

export function documentTitle(pageTitle?: string): string {
  return pageTitle ? `${pageTitle} · ${PRODUCT.name}` : PRODUCT.name;
}

export function useDocumentTitle(pageTitle?: string): void {
  useEffect(() => {
    document.title = documentTitle(pageTitle);
  }, [pageTitle]);
}
