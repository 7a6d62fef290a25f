# Match play knows bots only as BotChannels (bot_channel.h): no gRPC header
# is reachable from its HEADERS (the compiler lists what each includes, with
# match play's include path INCLUDES), and no gRPC target is among the
# libraries it links (LINKED). Run by CTest as arbiter_match_without_grpc.
string(REPLACE "|" ";" includes "${INCLUDES}")
list(REMOVE_DUPLICATES includes)
list(REMOVE_ITEM includes /usr/include)  # the compiler's own; -I would
                                         # break its #include_next
list(TRANSFORM includes PREPEND "-I")
string(REPLACE "|" ";" headers "${HEADERS}")
foreach(header ${headers})
  execute_process(
    COMMAND ${CXX} -std=c++23 ${includes} -M -x c++ ${header}
    OUTPUT_VARIABLE deps ERROR_VARIABLE error RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "cannot list what ${header} includes: ${error}")
  endif()
  if(deps MATCHES "[^ \n]*grpc[^ \n]*")
    message(FATAL_ERROR "${header} reaches a gRPC header: ${CMAKE_MATCH_0}")
  endif()
  message(STATUS "${header}: no gRPC header")
endforeach()
if(LINKED MATCHES "[^|]*grpc[^|]*")
  message(FATAL_ERROR "arbiter_match links ${CMAKE_MATCH_0}")
endif()
