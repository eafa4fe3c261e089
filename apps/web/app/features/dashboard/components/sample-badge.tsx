import { Badge } from '~/components/ui/badge';

/** The visible label every hard-coded or simulated figure carries. */
export function SampleBadge({ children = 'Sample data' }: { children?: string }) {
  return <Badge variant="warning">{children}</Badge>;
}
