import { useState } from 'preact/hooks';
import { t } from '../../lib/locale/i18n';

export interface PausedSitesSectionProps {
  sites: readonly string[];
  /** The last address given to pause could not be looked up anyway. */
  refused: boolean;
  onPause(address: string): void;
  onResume(origin: string): void;
}

export function PausedSitesSection({ sites, refused, onPause, onResume }: PausedSitesSectionProps) {
  const [address, setAddress] = useState('');
  return (
    <section aria-labelledby="paused-heading">
      <h2 id="paused-heading">{t('optionsPausedHeading')}</h2>
      {sites.length === 0 ? (
        <p>{t('optionsPausedEmpty')}</p>
      ) : (
        <ul class="paused-sites">
          {sites.map((site) => (
            <li key={site}>
              <span class="site">{site}</span>
              <button type="button" onClick={() => onResume(site)}>
                {t('optionsResume')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        class="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          onPause(address);
          setAddress('');
        }}
      >
        <label>
          {t('optionsPauseLabel')}
          <input
            type="text"
            inputMode="url"
            value={address}
            placeholder="https://example.com"
            onInput={(event) => setAddress(event.currentTarget.value)}
          />
        </label>
        <button type="submit">{t('optionsPauseAdd')}</button>
      </form>
      {refused && <p role="alert">{t('optionsPauseInvalid')}</p>}
    </section>
  );
}
