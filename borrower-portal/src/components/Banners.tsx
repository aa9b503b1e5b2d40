import { Link } from 'react-router';
import { listBanners, type Banner } from '../api/banners';
import { useAsync } from './useAsync';

function BannerPicture({ banner }: { banner: Banner }) {
  return <img src={banner.imageUrl} alt={banner.title} loading="lazy" />;
}

/** The current banners of an audience, in staff's order, each linking to a page of the portal (the API takes no other link). */
export function Banners({ audience }: { audience: 'home' | 'dashboard' }) {
  const { data } = useAsync((signal) => listBanners(audience, signal), [audience]);
  if (!data || data.length === 0) return null;
  return (
    <section className="banners" aria-label="Offers and news">
      {data.map((banner) => (
        <figure key={banner.id} className="banner">
          {banner.link?.startsWith('/') ? (
            <Link to={banner.link}>
              <BannerPicture banner={banner} />
            </Link>
          ) : (
            <BannerPicture banner={banner} />
          )}
          <figcaption>{banner.title}</figcaption>
        </figure>
      ))}
    </section>
  );
}
