import { PERFORMANCE_RANGES, type PerformanceRangeId } from '@keel/core/constants';
import { Button } from '~/components/ui/button';

/** A toggle group of buttons where the chosen one is pressed. */
export function ToggleButtons<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { id: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map((option) => (
        <Button
          key={option.id}
          size="sm"
          variant={option.id === value ? 'default' : 'outline'}
          aria-pressed={option.id === value}
          onClick={() => onChange(option.id)}
        >
          {option.label}
        </Button>
      ))}
    </div>
  );
}

/** Time-range buttons: 7 Days, 30 Days, 90 Days, 1 Year, All Time. */
export function RangeButtons({ value, onChange }: { value: PerformanceRangeId; onChange: (range: PerformanceRangeId) => void }) {
  return <ToggleButtons label="Time range" options={PERFORMANCE_RANGES} value={value} onChange={onChange} />;
}
