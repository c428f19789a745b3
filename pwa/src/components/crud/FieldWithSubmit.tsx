import type { ReactNode } from 'react';
import { Button, Flex } from '@mantine/core';

/**
 * A one-field form's field with its submit button beside it, level with the input below its
 * label; on phones the button goes under the field. Give the field `style={{ flex: 1 }}`.
 */
export function FieldWithSubmit(props: {
  children: ReactNode;
  label: string;
  icon: ReactNode;
  busy: boolean;
  disabled?: boolean;
}) {
  return (
    <Flex
      direction={{ base: 'column', xs: 'row' }}
      gap="sm"
      align={{ base: 'stretch', xs: 'flex-start' }}
    >
      {props.children}
      <Button
        type="submit"
        loading={props.busy}
        disabled={props.disabled}
        leftSection={props.icon}
        mt={{ base: 0, xs: 25 }}
      >
        {props.label}
      </Button>
    </Flex>
  );
}
