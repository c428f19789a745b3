import { Center, Loader } from '@mantine/core';

export function PageLoader({ minHeight = '60vh' }: { minHeight?: string }) {
  return (
    <Center mih={minHeight} role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}
