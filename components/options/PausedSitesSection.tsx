import { useState } from 'preact/hooks';
import { t } from '../../lib/locale/i18n';
import { LockedNote } from './ChoiceSection';
import { usePausedSites } from './use-options';

/** The paused domains, each covering its subdomains: the user's to resume, the policy's shown. */
export function PausedSitesSection(props: {
  pausedDomains: readonly string[];
  lockedDomains: readonly string[];
}) {
  const { lockedDomains } = props;
  const domains = props.pausedDomains.filter((domain) => !lockedDomains.includes(domain));
  const { refused, onPause, onResume } = usePausedSites();
  const [address, setAddress] = useState('');
  return (
    <section aria-labelledby="paused-heading">
      <h2 id="paused-heading">{t('optionsPausedHeading')}</h2>
      <p>{t('optionsPausedCovers')}</p>
      {domains.length === 0 && lockedDomains.length === 0 ? (
        <p>{t('optionsPausedEmpty')}</p>
      ) : (
        <ul class="paused-sites">
          {lockedDomains.map((domain) => (
            <li key={`locked:${domain}`}>
              <span class="site">{domain}</span>
              <span class="locked">{t('optionsPausedByPolicy')}</span>
            </li>
          ))}
          {domains.map((domain) => (
            <li key={domain}>
              <span class="site">{domain}</span>
              <button type="button" onClick={() => onResume(domain)}>
                {t('optionsResume')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {lockedDomains.length > 0 && <LockedNote />}
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
            placeholder="example.com"
            onInput={(event) => setAddress(event.currentTarget.value)}
          />
        </label>
        <button type="submit">{t('optionsPauseAdd')}</button>
      </form>
      {refused && <p role="alert">{t('optionsPauseInvalid')}</p>}
    </section>
  );
}
