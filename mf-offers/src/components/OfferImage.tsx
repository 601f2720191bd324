import { useState } from 'react';

/** An image file name the storefront accepts: letters, digits, '.', '_', '-' only (e.g. '20065331.png'). */
const SAFE_NAME = /^[A-Za-z0-9._-]{1,100}$/;
/** A catalogue picture served by the storefront itself ('/media/butter.svg'); other origins are refused (CSP img-src 'self'). */
const SAME_ORIGIN_PICTURE = /^\/media\/[A-Za-z0-9_-]+\.(?:svg|png|jpe?g|webp)$/;

/** The address of an offer's picture: the product's catalogue picture, else `<imageBase>/<imageName>`, else null. */
export function offerPictureSrc(picture: string | null | undefined, imageName: string, imageBase?: string): string | null {
  if (picture && SAME_ORIGIN_PICTURE.test(picture)) return picture;
  return imageBase && imageName && SAFE_NAME.test(imageName) ? `${imageBase.replace(/\/+$/, '')}/${encodeURIComponent(imageName)}` : null;
}

/** Props of {@link OfferImage}. */
export interface OfferImageProps {
  /** The offer's `imageName` ('<articleNumber>.png' or ''). */
  imageName: string;
  /** The offer's product picture (`offer.product.picture`, '/media/<file>.svg'), shown first when given. */
  picture?: string | null;
  /** Alt text (also the placeholder's accessible name): the product's name, or e.g. 'Pantry offer'. */
  alt: string;
  /**
   * Where offer images are served, e.g. 'https://images.example.com/offers'. The local platform serves no
   * product images, so by default (undefined) every offer shows the placeholder.
   */
  imageBase?: string;
}

/**
 * The offer's picture (96 × 96, lazy): the product's catalogue picture, else `<imageBase>/<imageName>`;
 * a neutral inline placeholder (`role="img"` with the alt text) when there is neither, the address is
 * unsafe, or the image fails to load. The box has a fixed size either way, so cards never shift.
 */
export function OfferImage({ imageName, picture, alt, imageBase }: OfferImageProps) {
  const [failed, setFailed] = useState(false);
  const src = offerPictureSrc(picture, imageName, imageBase);
  if (!src || failed) {
    return (
      <span className="mfo-image mfo-image--placeholder" role="img" aria-label={alt}>
        <svg viewBox="0 0 48 48" width="40" height="40" aria-hidden="true" focusable="false">
          <path d="M24 4 6 12v12c0 10 7.7 18.4 18 20 10.3-1.6 18-10 18-20V12L24 4z" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
          <path d="M17 24.5l5 5 9.5-10" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
    );
  }
  return <img className="mfo-image" src={src} alt={alt} width={96} height={96} loading="lazy" onError={() => setFailed(true)} />;
}
