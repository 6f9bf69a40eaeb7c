import css from './plain/layout.module.css';

/** The FAMS mark and name; `color` follows the surface it sits on. Static CSS (ADR 047). */
export function Brand({ color = 'inherit', size = 8 }: { color?: string; size?: number }) {
  // `size` in Chakra's spacing units (0.25 rem), as before.
  const px = `${size / 4}rem`;
  return (
    <div className={css.brand} style={{ color }}>
      <img src="/icons/icon-192.png" alt="" style={{ width: px, height: px }} />
      <span className={css.brandName}>FAMS</span>
    </div>
  );
}
