import { useMemo } from 'preact/hooks';
import { PreviewGroups } from '../../components/preview-groups';
import { groupResults } from '../../lib/group/results';
import { DEFAULT_SETTINGS } from '../../lib/settings';
import { EXAMPLE_QUERY, EXAMPLE_RESULTS } from './example';

/** The picture: an example search's groups, drawn by the widget the options' preview uses. */
export function ExampleGroups() {
  const outcome = useMemo(() => groupResults(EXAMPLE_RESULTS, { threshold: DEFAULT_SETTINGS.resemblanceThreshold }), []);
  return (
    <figure class="welcome-example" aria-labelledby="welcome-example-caption">
      <figcaption id="welcome-example-caption">
        Six results for <q>{EXAMPLE_QUERY}</q>: two of them are copies of a result above them.
      </figcaption>
      <PreviewGroups groups={outcome.groups} items={EXAMPLE_RESULTS} />
    </figure>
  );
}
