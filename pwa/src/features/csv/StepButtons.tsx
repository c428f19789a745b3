import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';

/** The foot of a wizard step: "Back" to the step before on the left, the step's way on at right. */
export function StepButtons({ onBack, children }: { onBack: () => void; children: ReactNode }) {
  return (
    <Group justify="space-between">
      <Button variant="default" onClick={onBack}>
        Back
      </Button>
      {children}
    </Group>
  );
}
