import type { ComponentType } from 'react';
import './result-icon.css';

interface IconProps {
  className?: string;
  'aria-hidden'?: boolean;
}

/**
 * An outcome's icon in its colour, green for success and red for a failure; the word beside it says the same
 * for those who cannot see it. Its styles travel with it, whichever page shows it first.
 */
export function ResultIcon({
  icon: Icon,
  failed = false,
}: {
  icon: ComponentType<IconProps>;
  failed?: boolean;
}) {
  return <Icon className={failed ? 'sb-result-failed' : 'sb-result-success'} aria-hidden />;
}
