package org.rebalancesim.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.lang.reflect.Proxy;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.CoordinatorEvents.MemberRemoved;
import org.rebalancesim.events.PodEvents.PodStateChanged;
import org.rebalancesim.events.PodEvents.Story;

/** The stream hands every event to every listener, in order, each to the method of its kind. */
class GroupEventsTest {

    @Test
    void everyListenerHearsEveryEventInTheOrderTheyWereGiven() {
        List<String> heard = new ArrayList<>();
        GroupListener first = new GroupListener() {
            @Override
            public void story(Story event) {
                heard.add("first: " + event.what());
            }
        };
        GroupListener second = new GroupListener() {
            @Override
            public void story(Story event) {
                heard.add("second: " + event.what());
            }

            @Override
            public void podStateChanged(PodStateChanged event) {
                heard.add("second: " + event.pod() + " " + event.state());
            }
        };
        GroupEvents events = GroupEvents.to(first, second);
        events.publish(Story.of("c1", "started"));
        events.publish(new PodStateChanged("c1", MemberState.DOWN));
        events.publish(Story.of("c1", "crashed"));
        assertEquals(List.of("first: started", "second: started", "second: c1 DOWN", "first: crashed",
                "second: crashed"), heard);
    }

    /** One listener method per kind of event, named after it: a new event kind cannot be left unheard. */
    @Test
    void eachKindOfEventReachesTheListenerMethodNamedAfterIt() throws Exception {
        List<Class<?>> kinds = Stream.of(CoordinatorEvents.class, PodEvents.class)
                .flatMap(holder -> Arrays.stream(holder.getDeclaredClasses()))
                .filter(Class::isRecord).toList();
        Map<String, String> reached = new TreeMap<>();
        for (Class<?> kind : kinds) {
            GroupEvent event = instanceOf(kind);
            Object[] argument = new Object[1];
            GroupListener listener = (GroupListener) Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[] {GroupListener.class}, (proxy, method, args) -> {
                        reached.put(kind.getSimpleName(), method.getName());
                        argument[0] = args[0];
                        return null;
                    });
            event.deliverTo(listener);
            assertSame(event, argument[0], kind.getSimpleName());
        }
        Map<String, String> expected = new TreeMap<>();
        kinds.forEach(kind -> expected.put(kind.getSimpleName(), decapitalized(kind.getSimpleName())));
        assertEquals(expected, reached);
        assertEquals(kinds.size(), GroupListener.class.getDeclaredMethods().length, "a listener method with no event");
    }

    @Test
    void aRemovalIsWordedAsItsReasonUnlessTheCoordinatorSaysOtherwise() {
        assertEquals("REBALANCE_TIMEOUT", MemberRemoved.of("m1", null, RemovalReason.REBALANCE_TIMEOUT).wording());
    }

    private static GroupEvent instanceOf(Class<?> kind) throws Exception {
        RecordComponent[] components = kind.getRecordComponents();
        Class<?>[] types = Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new);
        Object[] values = Arrays.stream(types).map(GroupEventsTest::defaultOf).toArray();
        return (GroupEvent) kind.getDeclaredConstructor(types).newInstance(values);
    }

    private static Object defaultOf(Class<?> type) {
        if (type == int.class) {
            return 0;
        }
        if (type == long.class) {
            return 0L;
        }
        if (type == boolean.class) {
            return false;
        }
        return null;
    }

    private static String decapitalized(String name) {
        return Character.toLowerCase(name.charAt(0)) + name.substring(1);
    }
}
